/** Distances and travel times in the active locale (decision 029): '850 m', '1.2 km', '1 h 5 min'. */
import { formatNumber, numberFormat } from './numbers.ts';

const unit = (name: string, digits: number) =>
  numberFormat({ style: 'unit', unit: name, maximumFractionDigits: digits });

/** '850 m', '1.2 km', '274 km': under 1 km in tens of metres, whole kilometres from 100 km. */
export function formatDistance(metres: number): string {
  if (metres < 1000) return unit('meter', 0).format(Math.round(metres / 10) * 10);
  return unit('kilometer', metres < 100_000 ? 1 : 0).format(metres / 1000);
}

/** '4 min', '1 h 5 min' (at least 1 min; "min" and "h" are SI symbols, the same for one or many). */
export function formatDuration(seconds: number): string {
  const minutes = Math.max(1, Math.round(seconds / 60));
  const whole = (value: number) => formatNumber(value, { maximumFractionDigits: 0 });
  if (minutes < 60) return `${whole(minutes)} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${whole(hours)} h` : `${whole(hours)} h ${whole(rest)} min`;
}
