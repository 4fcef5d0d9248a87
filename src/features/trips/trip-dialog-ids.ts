/** The ids of one trip's dialogs, shared by the buttons that open them and the dialogs themselves. */
export function tripDialogIds(slug: string) {
  return {
    learnMore: `learn-more-${slug}`,
    locations: `locations-${slug}`,
    waitlist: `waitlist-${slug}`,
    interest: `interest-${slug}`,
  };
}
