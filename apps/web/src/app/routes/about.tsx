import { Trans, useLingui } from '@lingui/react/macro';
import clsx from 'clsx';
import { EmojiLoader } from '../../components/ui/emoji-loader.tsx';
import { QueryError } from '../../components/ui/query-error.tsx';
import { ReadingPage } from '../../components/ui/reading-page.tsx';
import { useAboutUs } from '../../modules/vocabulary/api/get-about-us.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** /about: every section returned by GET /core/vocabulary/about-us (SPEC §2). */
export function AboutPage() {
  const { t } = useLingui();
  useDocumentTitle(t`About us`);
  const { data, isPending, isError, refetch, isFetching } = useAboutUs();

  return (
    <ReadingPage
      titleId="about-title"
      eyebrow={<Trans>About</Trans>}
      title={<Trans>About Tripcrew</Trans>}
      layout="wide"
    >
      {isPending && (
        <div className="py-16">
          <EmojiLoader label={t`Loading the about page…`} size="lg" showLabel />
        </div>
      )}

      {isError && (
        <QueryError
          query={{ refetch, isFetching }}
          className="mx-auto mt-10 max-w-md"
          message={t`We could not load this page.`}
          hint={t`Check your connection and try again.`}
        />
      )}

      {data && (
        <div className="mt-10 space-y-12 sm:mt-16 sm:space-y-20">
          {Object.entries(data).map(([key, section], index) => (
            <section
              key={key}
              aria-labelledby={`about-${key}`}
              data-testid="about-section"
              className="grid items-center gap-6 sm:grid-cols-2 sm:gap-12"
            >
              <img
                src={section.image}
                alt=""
                loading={index < 2 ? 'eager' : 'lazy'}
                className={clsx(
                  'aspect-[4/3] w-full rounded-3xl bg-brand-50 object-cover shadow-sm ring-1 ring-slate-900/5 dark:bg-slate-900 dark:ring-white/10',
                  index % 2 === 1 && 'sm:order-2',
                )}
              />
              <div>
                <h2 id={`about-${key}`} className="text-2xl font-bold tracking-tight sm:text-3xl">
                  {section.title}
                </h2>
                <p className="mt-3 leading-relaxed text-slate-600 dark:text-slate-300">{section.text}</p>
              </div>
            </section>
          ))}
        </div>
      )}
    </ReadingPage>
  );
}
