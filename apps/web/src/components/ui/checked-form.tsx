import type { ReactNode, Ref } from 'react';

interface CheckedFormProps {
  onSubmit: () => void;
  ref?: Ref<HTMLFormElement>;
  children: ReactNode;
}

/** A form checked by its own rules (no browser bubbles), sent without a page load: its fields one under another. */
export function CheckedForm({ onSubmit, ref, children }: CheckedFormProps) {
  return (
    <form
      ref={ref}
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}
