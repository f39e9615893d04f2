/** The backdrop behind an inline edit mode (SPEC §4): a click on it saves and closes the mode. */
export function EditBackdrop({ onClick, label }: { onClick: () => void; label: string }) {
  return (
    <div
      data-testid="edit-backdrop"
      aria-hidden="true"
      title={label}
      onClick={onClick}
      className="fixed inset-0 z-40 bg-slate-950/45 backdrop-blur-[1px] motion-safe:animate-fade-in"
    />
  );
}
