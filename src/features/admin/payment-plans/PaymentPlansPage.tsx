import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { buttonClass } from '../../../components/ui/button-styles';
import { formatDate } from '../../../lib/format/dates';
import { showErrorToast, showToast } from '../../../stores/toasts';
import { AdminPage } from '../ui/AdminPage';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { deletePlan, listPlans, type PaymentPlan } from './payment-plans.data';
import { describePlan } from './plan-rules';

export const PLANS_KEY = ['admin', 'payment-plans'] as const;

/** /admin/payment-plans: the templates, the departures using each, edit, and delete when none does. */
export function PaymentPlansPage() {
  const plans = useQuery({ queryKey: PLANS_KEY, queryFn: () => listPlans() });
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState<PaymentPlan | null>(null);

  async function remove(plan: PaymentPlan) {
    try {
      const result = await deletePlan(plan.id);
      if (result.outcome === 'refused')
        showToast({ title: 'Not deleted', description: result.message, variant: 'destructive' });
      else showToast({ title: 'Plan deleted', description: `${plan.name} is gone.`, variant: 'success' });
      setDeleting(null);
      await queryClient.invalidateQueries({ queryKey: PLANS_KEY });
    } catch {
      showErrorToast();
    }
  }

  return (
    <AdminPage
      title="Payment plans"
      description="How a booking's balance is paid after the deposit. Every instalment is due by 90 days before departure; choose a plan for each departure in its event form."
      actions={
        <Link to="/admin/create-payment-plan" className={buttonClass('primary', 'sm')}>
          New payment plan
        </Link>
      }
    >
      <p className="text-muted-foreground text-sm">
        A departure without a plan uses the standard one: the deposit when booking, then the balance on the
        final due day. Changing a plan changes the schedule of bookings made from then on; bookings already
        made keep theirs.
      </p>
      {plans.isPending ? (
        <p role="status">Loading the payment plans…</p>
      ) : plans.isError ? (
        <p role="alert" className="text-destructive">
          We could not load the payment plans. Please refresh the page to try again.
        </p>
      ) : plans.data.length === 0 ? (
        <p>There are no payment plans yet.</p>
      ) : (
        <ul className="grid gap-4" aria-label="Payment plans">
          {plans.data.map((plan) => (
            <li key={plan.id} className="border-border rounded-lg border p-4">
              <article aria-labelledby={`plan-${plan.id}`} className="space-y-2">
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div>
                    <h3 id={`plan-${plan.id}`} className="text-lg font-semibold">
                      {plan.name}
                    </h3>
                    <p className="text-muted-foreground text-sm">{describePlan(plan)}</p>
                    {plan.kind === 'fixed' && plan.due_dates && (
                      <p className="text-sm">Dates: {plan.due_dates.map(formatDate).join(', ')}</p>
                    )}
                  </div>
                  <div className="flex gap-2">
                    <Link
                      to="/admin/create-payment-plan"
                      search={{ id: plan.id }}
                      className={buttonClass('outline', 'sm')}
                      aria-label={`Edit ${plan.name}`}
                    >
                      Edit
                    </Link>
                    <button
                      type="button"
                      className={buttonClass('outline', 'sm')}
                      aria-label={`Delete ${plan.name}`}
                      disabled={plan.events.length > 0}
                      aria-describedby={plan.events.length > 0 ? `plan-${plan.id}-used` : undefined}
                      onClick={() => setDeleting(plan)}
                    >
                      Delete
                    </button>
                  </div>
                </div>
                {plan.events.length === 0 ? (
                  <p className="text-sm">No departure uses this plan.</p>
                ) : (
                  <div className="text-sm">
                    <p id={`plan-${plan.id}-used`}>
                      Used by {plan.events.length} {plan.events.length === 1 ? 'departure' : 'departures'} (a
                      plan in use cannot be deleted):
                    </p>
                    <ul className="mt-1 list-disc pl-5">
                      {plan.events.map((event) => (
                        <li key={event.id}>
                          <Link
                            to="/admin/event-management"
                            search={{ id: event.id }}
                            className="text-primary underline"
                          >
                            {event.title}
                          </Link>{' '}
                          ({formatDate(event.start_date)})
                        </li>
                      ))}
                    </ul>
                  </div>
                )}
              </article>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this payment plan?"
        message={`${deleting?.name ?? 'The plan'} will no longer be offered for departures. Bookings keep their schedules.`}
        confirmLabel="Delete plan"
        onConfirm={() => (deleting ? remove(deleting) : Promise.resolve())}
        onClose={() => setDeleting(null)}
      />
    </AdminPage>
  );
}
