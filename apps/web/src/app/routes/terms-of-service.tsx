import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ReadingPage } from '../../components/ui/reading-page.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export const TERMS_EFFECTIVE_DATE = '10.03.2025';
export const TERMS_MINIMUM_AGE = 18;
export const LEGAL_EMAIL = 'legal@tripcrew.app';

interface TermsSection {
  id: string;
  title: MessageDescriptor;
  body: ReactNode;
}

const linkClass =
  'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800 dark:text-brand-300';

const SECTIONS: readonly TermsSection[] = [
  {
    id: 'acceptance',
    title: msg`Acceptance of these terms`,
    body: (
      <p>
        <Trans>
          These Terms of Service (the “Terms”) govern your access to and use of Tripcrew, including the
          website, the web application and any related services (together, the “Service”). By creating an
          account or using the Service you agree to these Terms. If you do not agree, do not use the Service.
        </Trans>
      </p>
    ),
  },
  {
    id: 'eligibility',
    title: msg`Who may use Tripcrew`,
    body: (
      <p>
        <Trans>
          You must be at least {TERMS_MINIMUM_AGE} years old to create an account or use the Service. By using
          the Service you confirm that you are {TERMS_MINIMUM_AGE} or older and that you are able to enter
          into a binding agreement. Accounts created on behalf of anyone younger than {TERMS_MINIMUM_AGE} will
          be closed.
        </Trans>
      </p>
    ),
  },
  {
    id: 'account',
    title: msg`Your account`,
    body: (
      <>
        <p>
          <Trans>
            You are responsible for the accuracy of the information in your account and for keeping your
            password secret. Tell us straight away at{' '}
            <a href={`mailto:${LEGAL_EMAIL}`} className={linkClass}>
              {LEGAL_EMAIL}
            </a>{' '}
            if you believe someone else has accessed your account.
          </Trans>
        </p>
        <p>
          <Trans>
            If you sign in through a social network (such as Google or GitHub), that provider’s terms also
            apply to the sign-in, and we receive only the profile details needed to create your account.
          </Trans>
        </p>
      </>
    ),
  },
  {
    id: 'content',
    title: msg`Trips, crews and the content you share`,
    body: (
      <>
        <p>
          <Trans>
            You keep all rights to the content you add to Tripcrew, such as trip names, notes, messages and
            photos. You grant us a limited, worldwide, non-exclusive licence to store, process and display
            that content only as needed to run the Service for you and for the people you choose to share it
            with (for example, the members of a trip or your crew).
          </Trans>
        </p>
        <p>
          <Trans>
            Trips are visible to their members. When you add someone to a trip or your crew, they can see the
            information you share there. Only share content that you have the right to share.
          </Trans>
        </p>
      </>
    ),
  },
  {
    id: 'acceptable-use',
    title: msg`Acceptable use`,
    body: (
      <>
        <p>
          <Trans>When using the Service you agree not to:</Trans>
        </p>
        <ul className="list-disc space-y-1 pl-6">
          <li>
            <Trans>break the law, or infringe anyone’s privacy, intellectual property or other rights;</Trans>
          </li>
          <li>
            <Trans>harass, threaten or impersonate other people, or send spam or unsolicited messages;</Trans>
          </li>
          <li>
            <Trans>upload malware, or content that is unlawful, hateful, or sexually explicit;</Trans>
          </li>
          <li>
            <Trans>
              probe, overload or disrupt the Service, scrape it automatically, or get around its rate limits
              and security measures;
            </Trans>
          </li>
          <li>
            <Trans>
              use the Service to run a competing product or resell it without our written permission.
            </Trans>
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'third-parties',
    title: msg`Places, suggestions and third-party services`,
    body: (
      <p>
        <Trans>
          Place descriptions, opening details, photos and suggestions are provided for inspiration and may be
          incomplete or out of date. Always check important details (such as entry requirements, safety
          information and bookings) with the official source before you travel. Links to flights, stays or
          cars may lead to third-party services that have their own terms and prices; we are not a party to
          any booking you make with them.
        </Trans>
      </p>
    ),
  },
  {
    id: 'privacy',
    title: msg`Privacy and cookies`,
    body: (
      <p>
        <Trans>
          We process personal data only to provide the Service: to sign you in, keep your trips and crew, and
          deliver messages and notifications. We do not sell personal data or use advertising trackers. Read
          our{' '}
          <a href="/cookie-policy.html" className={linkClass}>
            cookie policy
          </a>{' '}
          to learn which cookies and browser storage the Service uses.
        </Trans>
      </p>
    ),
  },
  {
    id: 'ip',
    title: msg`Our intellectual property`,
    body: (
      <p>
        <Trans>
          The Service, its design, logo and software are protected by intellectual property laws. Open-source
          components are licensed under their own licences. These Terms do not give you any right to use the
          Tripcrew name or logo.
        </Trans>
      </p>
    ),
  },
  {
    id: 'disclaimer',
    title: msg`Availability and disclaimer`,
    body: (
      <p>
        <Trans>
          We work hard to keep Tripcrew available and your data safe, but the Service is provided “as is” and
          “as available”. To the extent permitted by law, we make no warranties that the Service will be
          uninterrupted, error-free or fit for a particular purpose. Travel involves risks that are yours to
          assess.
        </Trans>
      </p>
    ),
  },
  {
    id: 'liability',
    title: msg`Limitation of liability`,
    body: (
      <p>
        <Trans>
          To the extent permitted by law, we are not liable for indirect or consequential losses, or for
          losses arising from trips, bookings or arrangements you make with other users or third parties.
          Nothing in these Terms limits liability that cannot be limited by law, such as liability for intent
          or gross negligence.
        </Trans>
      </p>
    ),
  },
  {
    id: 'termination',
    title: msg`Ending your use of the Service`,
    body: (
      <p>
        <Trans>
          You can stop using the Service and ask us to delete your account at any time. We may suspend or
          close an account that seriously or repeatedly breaks these Terms; where reasonable, we will tell you
          first and give you the chance to export your data.
        </Trans>
      </p>
    ),
  },
  {
    id: 'changes',
    title: msg`Changes to these terms`,
    body: (
      <p>
        <Trans>
          We may update these Terms from time to time. When a change is material we will tell you in the app
          at least 30 days before it takes effect. If you keep using the Service after the change takes
          effect, the updated Terms apply.
        </Trans>
      </p>
    ),
  },
  {
    id: 'contact',
    title: msg`Contact`,
    body: (
      <p>
        <Trans>
          Questions about these Terms? Write to us at{' '}
          <a href={`mailto:${LEGAL_EMAIL}`} className={linkClass}>
            {LEGAL_EMAIL}
          </a>
          . For help with the app itself, see the “need help?” link at the bottom of every page.
        </Trans>
      </p>
    ),
  },
];

/** /terms-of-service: static legal text (SPEC §2): effective 10.03.2025, minimum age 18, contact address. */
export function TermsOfServicePage() {
  const { t, i18n } = useLingui();
  useDocumentTitle(t`Terms of service`);
  return (
    <ReadingPage
      titleId="terms-title"
      eyebrow={<Trans>Legal</Trans>}
      title={<Trans>Terms of Service</Trans>}
      layout="narrow"
      subtitle={
        <p className="mt-3 text-slate-600 dark:text-slate-300">
          <Trans>
            Effective date: <time dateTime="2025-03-10">{TERMS_EFFECTIVE_DATE}</time>
          </Trans>
        </p>
      }
    >
      <nav
        aria-label={t`Contents`}
        className="mt-6 rounded-2xl bg-white p-5 ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
      >
        <h2 className="text-sm font-semibold">
          <Trans>Contents</Trans>
        </h2>
        <ol className="mt-3 grid list-decimal gap-x-8 gap-y-1 pl-5 text-sm sm:grid-cols-2">
          {SECTIONS.map((section) => (
            <li key={section.id}>
              <a
                href={`#${section.id}`}
                className="text-slate-600 hover:text-brand-700 hover:underline dark:text-slate-300 dark:hover:text-brand-300"
              >
                {i18n._(section.title)}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <div className="mt-8 space-y-8">
        {SECTIONS.map((section, index) => (
          <section
            key={section.id}
            id={section.id}
            aria-labelledby={`${section.id}-title`}
            className="scroll-mt-24"
          >
            <h2 id={`${section.id}-title`} className="text-xl font-bold tracking-tight">
              {index + 1}. {i18n._(section.title)}
            </h2>
            <div className="mt-3 space-y-3 leading-relaxed text-slate-700 dark:text-slate-300">
              {section.body}
            </div>
          </section>
        ))}
      </div>
      <p className="mt-12 text-sm text-slate-500 dark:text-slate-400">
        <Trans>
          See also:{' '}
          <Link to="/about" className={linkClass}>
            about Tripcrew
          </Link>
          .
        </Trans>
      </p>
    </ReadingPage>
  );
}
