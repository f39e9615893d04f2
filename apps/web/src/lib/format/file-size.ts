/** File sizes in the active locale (decision 029): '12 kB', '3.4 MB'. */
import { formatNumber } from './numbers.ts';

const MB = 1024 * 1024;

/** Whole kilobytes under a megabyte (at least 1 kB), then megabytes with one decimal. */
export function formatFileSize(bytes: number): string {
  if (bytes < MB)
    return formatNumber(Math.max(1, Math.round(bytes / 1024)), { style: 'unit', unit: 'kilobyte' });
  return formatNumber(bytes / MB, {
    style: 'unit',
    unit: 'megabyte',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
}
