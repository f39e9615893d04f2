import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Copy, Download, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { saveBlob } from '../../../lib/download-file.ts';
import { i18n } from '../../../lib/i18n/i18n.ts';

interface RecoveryCodesPanelProps {
  codes: string[];
  onDone: () => void;
}

const FILE_NAME = 'tripcrew-recovery-codes.txt';

function codesText(codes: string[]): string {
  return [
    i18n._(msg`Tripcrew recovery codes`),
    i18n._(msg`Each code signs you in once if you cannot use your authenticator app.`),
    '',
    ...codes,
    '',
  ].join('\n');
}

/** The recovery codes, shown once: copy, download as .txt, and a clear "save these now". */
export function RecoveryCodesPanel({ codes, onDone }: RecoveryCodesPanelProps) {
  const { t } = useLingui();
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codesText(codes));
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };

  const download = () => saveBlob(new Blob([codesText(codes)], { type: 'text/plain' }), FILE_NAME);

  return (
    <div className="flex flex-col gap-3" data-testid="recovery-codes">
      <div
        role="alert"
        className="flex gap-2 rounded-2xl bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200 dark:bg-amber-500/10 dark:text-amber-100 dark:ring-amber-500/30"
      >
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <p>
          <Trans>
            <strong>Save these recovery codes now.</strong> They are shown only this once. Each one signs you
            in once if you lose your phone.
          </Trans>
        </p>
      </div>
      <ol
        aria-label={t`Recovery codes`}
        className="grid grid-cols-2 gap-x-4 gap-y-1.5 rounded-2xl bg-slate-50 p-4 font-mono text-sm ring-1 ring-slate-200 sm:grid-cols-5 dark:bg-slate-950 dark:ring-slate-700"
      >
        {codes.map((code) => (
          <li key={code} className="tracking-wide">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" onClick={() => void copy()}>
          <Copy aria-hidden="true" className="size-4" /> <Trans>Copy</Trans>
        </Button>
        <Button size="sm" variant="secondary" onClick={download}>
          <Download aria-hidden="true" className="size-4" /> <Trans>Download .txt</Trans>
        </Button>
        <Button size="sm" onClick={onDone} className="sm:ml-auto">
          <Trans>I saved them</Trans>
        </Button>
      </div>
      <p aria-live="polite" className="text-xs text-slate-600 dark:text-slate-300">
        {copied === 'yes' && t`Copied to the clipboard.`}
        {copied === 'failed' && t`Copying did not work here: download them or write them down.`}
      </p>
    </div>
  );
}
