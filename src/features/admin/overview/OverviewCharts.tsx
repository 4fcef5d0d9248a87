import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCount, weekLabel } from './overview';
import type { WeekCounts } from './overview.data';

type Series = 'signups' | 'bookings';

/**
 * Sign-ups and bookings per week, the last twelve weeks. Loaded on its own (recharts is large) after the
 * figures are on screen. The drawing is hidden from assistive technology; a table beside it says the same.
 */
export default function OverviewCharts({ weeks }: { weeks: readonly WeekCounts[] }) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <WeeklyChart weeks={weeks} series="signups" title="Sign-ups per week" />
      <WeeklyChart weeks={weeks} series="bookings" title="Bookings per week" />
    </div>
  );
}

function WeeklyChart({
  weeks,
  series,
  title,
}: {
  weeks: readonly WeekCounts[];
  series: Series;
  title: string;
}) {
  const data = weeks.map((week) => ({ label: weekLabel(week.week_start), value: week[series] }));
  return (
    <figure className="border-border bg-card rounded-lg border p-4">
      <figcaption className="font-medium">{title}</figcaption>
      <div className="mt-3 h-56" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" stroke="var(--color-border)" vertical={false} />
            <XAxis dataKey="label" tick={{ fill: 'var(--color-muted-foreground)', fontSize: 12 }} />
            <YAxis
              allowDecimals={false}
              width={40}
              tick={{ fill: 'var(--color-muted-foreground)', fontSize: 12 }}
            />
            <Tooltip
              cursor={{ fill: 'var(--color-muted)' }}
              contentStyle={{ background: 'var(--color-card)', borderColor: 'var(--color-border)' }}
              formatter={(value) => [formatCount(Number(value)), title]}
            />
            <Bar
              dataKey="value"
              fill="var(--color-primary)"
              radius={[3, 3, 0, 0]}
              isAnimationActive={false}
            />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <table className="sr-only">
        <caption>{title}, week starting</caption>
        <tbody>
          {data.map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              <td>{formatCount(row.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
