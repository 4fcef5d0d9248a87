/**
 * The admin home until the admin issues (10 and 11) bring its screens: an honest list of what the area
 * will hold, and no figures, since none are computed yet.
 */
const COMING = [
  { title: 'Overview', text: 'Bookings, payments due and waitlists at a glance.' },
  { title: 'Team and audit log', text: 'Who has admin access, and a record of what each admin changed.' },
  { title: 'Customers', text: 'Members, their travellers, consents and bookings.' },
  { title: 'Bookings and payment plans', text: 'Deposits, instalments, extra payments and invoices.' },
  { title: 'Events', text: 'Create, publish and close trips; limits, prices and custom fields.' },
  { title: 'Waitlists and interest', text: 'Who asked to hear about each trip.' },
  { title: 'Moderation', text: 'Flagged comments and replies, pinning and removal.' },
  { title: 'Event updates', text: 'News for the members booked on a trip.' },
  { title: 'Polls', text: 'Ask members what they would like next.' },
  { title: 'Store and merchandise', text: 'Items, prices and stock.' },
] as const;

export function AdminHome() {
  return (
    <div className="space-y-6">
      <p className="text-muted-foreground">
        The admin screens are being built. This is what this area will hold; nothing here is live yet.
      </p>
      <ul className="grid gap-4 sm:grid-cols-2">
        {COMING.map((item) => (
          <li key={item.title} className="border-border bg-card rounded-lg border p-4">
            <h2 className="font-semibold">{item.title}</h2>
            <p className="text-muted-foreground mt-1 text-sm">{item.text}</p>
            <p className="mt-2 text-xs font-semibold tracking-wide uppercase">Coming soon</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
