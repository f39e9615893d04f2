import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import clsx from 'clsx';
import { Map as MapIcon } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { MapLoadBoundary, useRetryableLazy } from '../../../components/map/map-load-boundary.tsx';
import { EmojiLoader } from '../../../components/ui/emoji-loader.tsx';
import type { FeatureMapProps } from './feature-map.tsx';
import { i18n } from '../../../lib/i18n/i18n.ts';

// FEATURE-02: the map (and maplibre-gl behind it) is a separate chunk, fetched on first open.
const loadFeatureMap = () => import('./feature-map.tsx').then((module) => ({ default: module.FeatureMap }));
const FeatureMap = lazy(loadFeatureMap);

export const SHOW_MAP = msg`Show map`;
export const HIDE_MAP = msg`Hide map`;

type FeatureMapToggleProps = FeatureMapProps;

/** 'Show map' / 'Hide map' (aria-pressed) and, once opened, the lazily loaded feature map. */
export function FeatureMapToggle(props: FeatureMapToggleProps) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const map = useRetryableLazy(FeatureMap, loadFeatureMap);
  return (
    <section aria-label={t`Map`} className="flex flex-col gap-4">
      <div>
        <button
          type="button"
          aria-pressed={open}
          aria-controls="feature-map-panel"
          onClick={() => setOpen((value) => !value)}
          className={clsx(
            'flex items-center gap-2 rounded-full px-4 py-2 text-sm font-semibold shadow-sm ring-1 transition',
            open
              ? 'bg-brand-700 text-white ring-brand-700 hover:bg-brand-800'
              : 'bg-white text-brand-700 ring-slate-200 hover:bg-brand-50 dark:bg-slate-900 dark:text-brand-300 dark:ring-slate-700',
          )}
        >
          <MapIcon aria-hidden="true" className="size-4" /> {open ? i18n._(HIDE_MAP) : i18n._(SHOW_MAP)}
        </button>
      </div>
      <div id="feature-map-panel" hidden={!open}>
        {open && (
          <MapLoadBoundary key={map.attempt} onRetry={map.retry}>
            <Suspense fallback={<EmojiLoader label={t`Loading map…`} />}>
              <map.View {...props} />
            </Suspense>
          </MapLoadBoundary>
        )}
      </div>
    </section>
  );
}
