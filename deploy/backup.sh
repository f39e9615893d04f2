#!/usr/bin/env bash
# Nightly backup of Tripcrew (compose profile "backup"): a pg_dump of the database in custom format
# and a tarball of the uploads volume, kept for BACKUP_KEEP_DAYS days in the "backups" volume.
# Copy that volume off the host (restic, rclone, rsync…): a backup on the same disk is not a backup.
set -euo pipefail

keep_days="${BACKUP_KEEP_DAYS:-14}"
interval_seconds="${BACKUP_INTERVAL_SECONDS:-86400}"

while true; do
  stamp="$(date -u +%Y%m%dT%H%M%SZ)"
  echo "backup ${stamp}: pg_dump"
  pg_dump --format=custom --no-owner --file="/backups/tripcrew-${stamp}.dump.partial"
  mv "/backups/tripcrew-${stamp}.dump.partial" "/backups/tripcrew-${stamp}.dump"
  # Restore test: the dump must be readable end to end (its table of contents lists the tables).
  pg_restore --list "/backups/tripcrew-${stamp}.dump" | grep -q 'TABLE DATA' \
    || { echo "backup ${stamp}: the dump does not list any table data" >&2; exit 1; }
  if [ -d /data/uploads ]; then
    echo "backup ${stamp}: uploads"
    tar -C /data -czf "/backups/uploads-${stamp}.tar.gz.partial" uploads
    mv "/backups/uploads-${stamp}.tar.gz.partial" "/backups/uploads-${stamp}.tar.gz"
  fi
  find /backups -maxdepth 1 -type f -mtime "+${keep_days}" -delete
  echo "backup ${stamp}: done"
  sleep "${interval_seconds}"
done
