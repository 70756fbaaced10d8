/** A spinning ring; pass `label` to announce it, leave it out when the text beside it says enough. */
export function Spinner({ label, size = 'md' }: { label?: string; size?: 'sm' | 'md' | 'lg' }) {
  return (
    <span className={`spinner spinner--${size}`} role={label ? 'status' : undefined} aria-label={label}>
      <span className="spinner__ring" aria-hidden="true" />
    </span>
  );
}
