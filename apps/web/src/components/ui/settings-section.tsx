import type { ReactNode } from 'react';

interface SettingsSectionProps {
  /** The section's anchor (e.g. /account#devices) and the id its heading is named by. */
  id: string;
  title: string;
  /** One or two sentences under the title saying what the section is for. */
  description?: ReactNode;
  children: ReactNode;
}

/** A card of the account page (and other settings screens): heading, short description, content. */
export function SettingsSection({ id, title, description, children }: SettingsSectionProps) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="flex scroll-mt-24 flex-col gap-3 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-700"
    >
      <div className="flex flex-col gap-1">
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {title}
        </h2>
        {description && <p className="text-sm text-slate-600 dark:text-slate-300">{description}</p>}
      </div>
      {children}
    </section>
  );
}
