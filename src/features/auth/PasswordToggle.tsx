interface PasswordToggleProps {
  visible: boolean;
  onToggle: () => void;
  controls: string;
}

/** Shows or hides the password; sits inside the password field's box. */
export function PasswordToggle({ visible, onToggle, controls }: PasswordToggleProps) {
  return (
    <button
      type="button"
      aria-pressed={visible}
      aria-controls={controls}
      onClick={onToggle}
      className="text-accent hover:bg-muted absolute inset-y-1 end-1 rounded px-3 text-sm font-medium"
    >
      {visible ? 'Hide' : 'Show'}
      <span className="sr-only"> password</span>
    </button>
  );
}
