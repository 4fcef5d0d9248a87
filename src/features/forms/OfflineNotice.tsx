interface OfflineNoticeProps {
  /** Shown once a valid form was submitted; nothing is saved until the accounts issue lands. */
  visible: boolean;
  message: string;
  contactEmail: string;
}

/**
 * An honest answer to a valid submit while online saving does not exist yet. The live region is always in
 * the page so screen readers announce the text when it appears.
 */
export function OfflineNotice({ visible, message, contactEmail }: OfflineNoticeProps) {
  return (
    <div role="status" className={visible ? 'bg-muted rounded-md p-3 text-sm' : undefined}>
      {visible ? (
        <p>
          {message} Please e-mail{' '}
          <a className="text-accent font-medium underline underline-offset-2" href={`mailto:${contactEmail}`}>
            {contactEmail}
          </a>{' '}
          and we&apos;ll look after you.
        </p>
      ) : null}
    </div>
  );
}
