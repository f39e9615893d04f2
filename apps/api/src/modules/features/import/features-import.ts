import type { Db } from '../../../db/client.ts';
import type { PlacesService } from '../../places/index.ts';
import {
  checkRow,
  featureRows,
  parseGeoJson,
  type PlaceRow,
  type RejectedRow,
} from './features-import-rows.ts';
import { findFeatureByKey, type FeatureInput } from '../core/features.repository.ts';
import { saveFeatures } from '../core/features.service.ts';

/**
 * The features importer (DATA-09): a GeoJSON FeatureCollection with OpenStreetMap-style tags
 * becomes features of one place. Pure apart from the database it is given, so tests call it
 * directly; import-features.ts is the command-line shell around it. The tags are read in
 * features-import-tags.ts, the file and its rows checked in features-import-rows.ts; this file
 * writes the accepted rows and reports.
 */

export interface ImportReport {
  place: { id: string; title: string; type: PlaceRow['type'] };
  total: number;
  /** New features. */
  imported: number;
  /** Rows whose key already existed; `unchanged` of them were identical, so nothing was written. */
  updated: number;
  unchanged: number;
  rejected: RejectedRow[];
}

export interface ImportProgress {
  done: number;
  total: number;
}

/**
 * Imports a FeatureCollection (parsed JSON or its text) into `place`: valid rows are upserted by
 * their OSM key through saveFeatures (feature counts and the catalogue version follow); every
 * other row is reported with its reason. A second run of the same file changes nothing.
 */
export async function importFeatures(
  db: Db,
  geojson: unknown,
  place: PlaceRow,
  options: { onProgress?: (progress: ImportProgress) => void } = {},
): Promise<ImportReport> {
  const rows = featureRows(typeof geojson === 'string' ? parseGeoJson(geojson) : geojson);
  const total = rows.length;
  const report: ImportReport = {
    place: { id: place.id, title: place.title, type: place.type },
    total,
    imported: 0,
    updated: 0,
    unchanged: 0,
    rejected: [],
  };
  const accepted: FeatureInput[] = [];
  const existing = new Set<string>();
  const seen = new Map<string, number>();
  options.onProgress?.({ done: 0, total });

  for (let i = 0; i < total; i++) {
    const row = i + 1;
    const checked = checkRow(rows[i], row, place, seen);
    if ('rejected' in checked) report.rejected.push(checked.rejected);
    else {
      const { key } = checked.feature;
      seen.set(key, row);
      if (await findFeatureByKey(db, key)) existing.add(key);
      accepted.push(checked.feature);
    }
    options.onProgress?.({ done: row, total });
  }

  const changed = new Set(await saveFeatures(db, accepted));
  for (const { key } of accepted) {
    if (!existing.has(key)) report.imported++;
    else {
      report.updated++;
      if (!changed.has(key)) report.unchanged++;
    }
  }
  return report;
}

/** The report as text lines: rejected rows first, then the counts. */
export function formatReport(report: ImportReport): string[] {
  const lines: string[] = [];
  if (report.rejected.length > 0) {
    lines.push(`Rejected rows (${report.rejected.length}):`);
    for (const r of report.rejected) {
      const who = [r.name ? `"${r.name}"` : undefined, r.key].filter(Boolean).join(' ');
      lines.push(`  row ${r.row}${who ? ` ${who}` : ''}: ${r.reason}`);
    }
  }
  lines.push(
    `${report.place.title} (${report.place.type}, ${report.place.id}): ${report.total} rows; ` +
      `imported ${report.imported}, updated ${report.updated} (${report.unchanged} unchanged), rejected ${report.rejected.length}`,
  );
  return lines;
}

/**
 * The place an import targets: a place id, a title ('Lisbon', 'Tuscany', 'Portugal'), or a title
 * with its country ('Lisbon, Portugal'). Cities win over regions of the same name, then countries.
 */
export async function findImportPlace(places: PlacesService, ref: string): Promise<PlaceRow | undefined> {
  const wanted = ref.trim();
  if (!wanted) return undefined;
  const attempts: { country?: string; place?: string }[] = [];
  const parts = wanted.split(',').map((p) => p.trim());
  if (parts.length >= 2 && parts[0] && parts.at(-1))
    attempts.push({ place: parts[0], country: parts.at(-1)! });
  attempts.push({ place: wanted }, { country: wanted });
  try {
    return await places.getPlaceRow(wanted);
  } catch {
    // Not an id: try it as a title.
  }
  for (const query of attempts) {
    try {
      const found = await places.search(query);
      return await places.getPlaceRow(found._id);
    } catch {
      // Not this shape; try the next.
    }
  }
  return undefined;
}
