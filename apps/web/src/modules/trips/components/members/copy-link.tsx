import { useLingui } from '@lingui/react/macro';
import { Check, Copy } from 'lucide-react';
import { Button } from '../../../../components/ui/button.tsx';
import { useCopyToClipboard } from '../../../../lib/use-copy-to-clipboard.ts';

/** A link shown in a read-only field (select it by hand) with a Copy button. */
export function CopyLink({ url, label }: { url: string; label: string }) {
  const { t } = useLingui();
  const { copied, failed, copy: copyText } = useCopyToClipboard();
  const copy = () => copyText(url);
  const CopyIcon = copied ? Check : Copy;

  return (
    <div className="flex flex-col gap-1">
      <div className="flex flex-wrap items-center gap-2">
        <input
          readOnly
          aria-label={label}
          value={url}
          onFocus={(event) => event.target.select()}
          className="min-w-0 flex-1 rounded-full border border-slate-300 bg-slate-50 px-3 py-1.5 font-mono text-xs text-slate-700 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-200"
        />
        <Button size="sm" variant="secondary" onClick={() => void copy()}>
          <CopyIcon aria-hidden="true" className="size-4" />
          {copied ? t`Copied` : t`Copy link`}
        </Button>
      </div>
      <p aria-live="polite" className="text-xs text-slate-600 dark:text-slate-300">
        {failed
          ? t`Copying did not work here: select the link and copy it yourself.`
          : copied
            ? t`Link copied.`
            : ''}
      </p>
    </div>
  );
}
