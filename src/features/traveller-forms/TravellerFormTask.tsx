import { useState } from 'react';
import { buttonClass } from '../../components/ui/button-styles';
import { sydneyToday } from '../../lib/format/today';
import { AnswerSheet } from './AnswerSheet';
import { dueLabel, formDone, taskStatus } from './traveller-forms';
import type { MyTravellerForm } from './traveller-forms.data';

/**
 * One form as a task on the dashboard: its due date, whether it is done, and the form itself when opened:
 * once for the booking, or once for each traveller named on it (places nobody is named for are named on
 * /manage-booking first).
 */
export function TravellerFormTask({ form }: { form: MyTravellerForm }) {
  // 'holder', a traveller's id, or null: one sheet open at a time.
  const [openFor, setOpenFor] = useState<string | null>(null);
  const perTraveller = form.answered_by === 'traveller';
  const done = formDone(form);
  const close = () => setOpenFor(null);
  return (
    <li
      className="border-border bg-card text-card-foreground rounded-lg border p-4"
      data-form-task={form.title}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h3 className="font-semibold">{form.title}</h3>
          <p className="text-muted-foreground text-sm">
            {form.event_title} · due {dueLabel(form.due_date)} ·{' '}
            {taskStatus(done, form.due_date, sydneyToday())}
          </p>
        </div>
        {!perTraveller && openFor === null && (
          <button
            type="button"
            className={buttonClass(done ? 'outline' : 'primary', 'sm')}
            onClick={() => setOpenFor('holder')}
          >
            {done ? `Change answers to ${form.title}` : `Fill in ${form.title}`}
          </button>
        )}
      </div>
      {!perTraveller && openFor === 'holder' && (
        <AnswerSheet
          formId={form.id}
          title={form.title}
          fields={form.fields}
          initial={form.answers}
          onClose={close}
        />
      )}
      {perTraveller && (
        <div className="mt-3 space-y-3">
          <p className="text-sm">Each traveller on your booking answers this form.</p>
          {form.unnamed > 0 && (
            <p className="text-sm" data-unnamed>
              {form.unnamed === 1
                ? 'One place on your booking has nobody named yet.'
                : `${form.unnamed} places on your booking have nobody named yet.`}{' '}
              <a href="/manage-booking" className="text-primary font-medium underline underline-offset-2">
                Name your travellers on Manage booking
              </a>{' '}
              first, then answer for each of them here.
            </p>
          )}
          <ul className="space-y-2">
            {form.travellers.map((traveller) => (
              <li key={traveller.traveller_id} className="border-border rounded-md border p-3">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="text-sm">
                    <span className="font-medium">{traveller.full_name}</span> ·{' '}
                    {traveller.submitted_at ? 'Done' : 'To do'}
                  </p>
                  {openFor !== traveller.traveller_id && (
                    <button
                      type="button"
                      className={buttonClass(traveller.submitted_at ? 'outline' : 'primary', 'sm')}
                      onClick={() => setOpenFor(traveller.traveller_id)}
                    >
                      {traveller.submitted_at
                        ? `Change ${traveller.full_name}'s answers`
                        : `Fill in for ${traveller.full_name}`}
                    </button>
                  )}
                </div>
                {openFor === traveller.traveller_id && (
                  <AnswerSheet
                    formId={form.id}
                    title={form.title}
                    fields={form.fields}
                    initial={traveller.answers}
                    traveller={{ id: traveller.traveller_id, name: traveller.full_name }}
                    onClose={close}
                  />
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
    </li>
  );
}
