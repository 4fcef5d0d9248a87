import { useQuery } from '@tanstack/react-query';
import { Link, useSearch } from '@tanstack/react-router';
import type { EditorSearch } from '../search';
import { AdminPage } from '../ui/AdminPage';
import { EMPTY_PLAN, toPlanForm } from './plan-form';
import { PlanFormView } from './PlanFormView';
import { readPlan } from './payment-plans.data';

/** /admin/create-payment-plan: a new template, or (?id=) edit one. */
export function CreatePaymentPlanPage() {
  const { id } = useSearch({ strict: false }) as EditorSearch;
  const plan = useQuery({
    queryKey: ['admin', 'payment-plans', 'plan', id],
    queryFn: () => readPlan(id!),
    enabled: id !== undefined,
  });

  if (id === undefined)
    return (
      <AdminPage
        title="New payment plan"
        description="How the balance after the deposit is paid. No instalment is ever due later than 90 days before departure."
      >
        <PlanFormView key="new" id={undefined} initial={EMPTY_PLAN} />
      </AdminPage>
    );

  if (plan.isPending || plan.isError || plan.data === null)
    return (
      <AdminPage title="Edit payment plan">
        {plan.isPending ? (
          <p role="status">Loading the plan…</p>
        ) : (
          <p role="alert" className="text-destructive">
            {plan.isError
              ? 'We could not load this plan. Please refresh the page to try again.'
              : 'There is no payment plan with this address.'}{' '}
            <Link to="/admin/payment-plans" className="text-primary underline">
              Back to payment plans
            </Link>
          </p>
        )}
      </AdminPage>
    );

  const current = plan.data;
  const used = current.events.length;
  return (
    <AdminPage
      title={`Edit payment plan: ${current.name}`}
      description={
        used > 0
          ? `Used by ${used} ${used === 1 ? 'departure' : 'departures'}: a change applies to bookings made from now on.`
          : 'No departure uses this plan yet.'
      }
    >
      <PlanFormView
        key={`${current.id}-${current.updated_at}`}
        id={current.id}
        initial={toPlanForm(current)}
      />
    </AdminPage>
  );
}
