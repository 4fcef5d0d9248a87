import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { JSONContent } from '@tiptap/react';
import { lazy, Suspense, useId, useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import * as z from 'zod';
import { buttonClass } from '../../../components/ui/button-styles';
import { imageAltProblem, updateBodyProblem, updateLinkProblem, updateTitleProblem } from './update-rules';
import type { Json } from '../../../lib/supabase/database.types';
import { showErrorToast, showToast } from '../../../stores/toasts';
import { FormField } from '../ui/FormField';
import { ruleString } from '../../../lib/forms/rule-schema';
import { RICH_TEXT_CLASS } from '../../event-updates/event-updates';
import { EventChoiceOptions } from '../events/EventChoiceOptions';
import { AdminPage } from '../ui/AdminPage';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { SentUpdates } from './SentUpdates';
import { UpdateImagePicker } from './UpdateImagePicker';
import {
  fetchUpdateReach,
  listUpdateEvents,
  reachSentence,
  SEGMENTS,
  SendRefusedError,
  sendEventUpdate,
  type UpdateReach,
} from './updates.data';

const schema = z
  .object({
    eventId: z.string().min(1, 'Please choose the event.'),
    segment: z.enum(['followers', 'travellers', 'waitlist', 'all'], {
      error: 'Please choose who it is for.',
    }),
    title: ruleString(updateTitleProblem),
    // The editor's words, for the length rule; the document itself is checked by the database.
    bodyText: ruleString(updateBodyProblem),
    bodyDoc: z.custom<JSONContent>(),
    imagePath: z.string(),
    imageAlt: z.string(),
  })
  .superRefine((draft, context) => {
    const problem = draft.imagePath ? imageAltProblem(draft.imageAlt) : undefined;
    if (problem) context.addIssue({ code: 'custom', path: ['imageAlt'], message: problem });
  });
type Draft = z.infer<typeof schema>;

// The editor (Tiptap and ProseMirror, about 120 KB gzip) is its own chunk, so the screen's own code stays
// small and within the admin route budget (decision 0043); it starts loading as the screen opens.
const RichTextEditor = lazy(() =>
  import('./RichTextEditor').then((module) => ({ default: module.RichTextEditor })),
);

const EMPTY_DOC: JSONContent = { type: 'doc', content: [] };
const blank = (draft: Pick<Draft, 'eventId' | 'segment'>): Draft => ({
  ...draft,
  title: '',
  bodyText: '',
  bodyDoc: EMPTY_DOC,
  imagePath: '',
  imageAlt: '',
});

const selectClass =
  'w-full rounded-md border border-border bg-background px-3 py-2 text-foreground focus-visible:outline-3 focus-visible:outline-offset-1';

function plural(count: number, one: string, many: string) {
  return `${count.toLocaleString('en-AU')} ${count === 1 ? one : many}`;
}

/**
 * /admin/event-updates: write an update for an event and send it to a segment, in-app and by e-mail. The
 * send is one database call that queues every e-mail before it answers, so closing the tab afterwards
 * loses nothing; the mail goes out in the background.
 */
export function EventUpdatesPage() {
  const eventSelectId = useId();
  const queryClient = useQueryClient();
  const events = useQuery({ queryKey: ['admin', 'updates', 'events'], queryFn: () => listUpdateEvents() });
  const form = useForm<Draft>({
    resolver: zodResolver(schema),
    defaultValues: blank({ eventId: '', segment: 'followers' }),
  });
  // The draft waiting in the confirm step, with the reach the screen showed when Send was pressed.
  const [pending, setPending] = useState<Draft | null>(null);
  const [pendingReach, setPendingReach] = useState<UpdateReach | undefined>(undefined);
  // A new key after a send gives an empty editor (the editor keeps its own document).
  const [editorKey, setEditorKey] = useState(0);
  const eventError = form.formState.errors.eventId?.message;

  async function send(draft: Draft) {
    try {
      const reach = await sendEventUpdate({
        eventId: draft.eventId,
        title: draft.title,
        body: draft.bodyDoc as Json,
        segment: draft.segment,
        image: draft.imagePath ? { path: draft.imagePath, alt: draft.imageAlt } : null,
      });
      showToast({
        title: 'Update sent',
        description: `Reached ${plural(reach.in_app, 'member', 'members')} in-app and ${plural(reach.email, 'e-mail', 'e-mails')} queued.`,
        variant: 'success',
      });
      form.reset(blank(draft));
      setEditorKey((key) => key + 1);
      await queryClient.invalidateQueries({ queryKey: ['admin', 'updates'] });
    } catch (error) {
      if (error instanceof SendRefusedError)
        showToast({ title: 'Not sent', description: error.message, variant: 'destructive' });
      else showErrorToast();
    } finally {
      setPending(null);
    }
  }

  const segmentValue = useWatch({ control: form.control, name: 'segment' });
  const eventValue = useWatch({ control: form.control, name: 'eventId' });
  const chosen = SEGMENTS.find((segment) => segment.value === segmentValue);
  const eventTitle = events.data?.find((event) => event.id === pending?.eventId)?.title ?? '';
  // Who the send would reach, counted again whenever the event or the group changes (and after a send).
  const reach = useQuery({
    queryKey: ['admin', 'updates', 'reach', eventValue, segmentValue],
    queryFn: () => fetchUpdateReach(eventValue, segmentValue),
    enabled: eventValue !== '',
  });
  const reachText =
    eventValue === ''
      ? 'Choose an event to see who this update will reach.'
      : reach.data
        ? reachSentence(reach.data)
        : reach.isError
          ? 'Who this update will reach could not be counted just now. It can still be sent.'
          : 'Counting who this update will reach…';
  const nobody = pendingReach !== undefined && pendingReach.in_app === 0 && pendingReach.email === 0;
  const pendingMessage = `"${pending?.title ?? ''}" for ${eventTitle} goes to: ${
    SEGMENTS.find((segment) => segment.value === pending?.segment)?.label ?? ''
  }. ${pendingReach ? `${reachSentence(pendingReach)} ` : ''}${
    nobody ? 'Members who join this group later will see it in the app. ' : ''
  }It cannot be unsent.`;

  return (
    <AdminPage
      title="Event updates"
      description="Write an update for an event and send it in-app and by e-mail. E-mail goes only to people who agreed to trip news, except booking notices to travellers."
    >
      <FormProvider {...form}>
        <form
          noValidate
          aria-label="New update"
          className="border-border max-w-2xl space-y-4 rounded-lg border p-4"
          onSubmit={(event) =>
            void form.handleSubmit((draft) => {
              setPendingReach(
                draft.eventId === eventValue && draft.segment === segmentValue ? reach.data : undefined,
              );
              setPending(draft);
            })(event)
          }
        >
          <div className="flex flex-col gap-1">
            <label htmlFor={eventSelectId} className="text-sm font-medium">
              Event<span aria-hidden="true"> *</span>
            </label>
            <select
              id={eventSelectId}
              className={selectClass}
              aria-invalid={eventError ? true : undefined}
              aria-describedby={eventError ? `${eventSelectId}-error` : undefined}
              {...form.register('eventId')}
            >
              <option value="">Choose an event</option>
              <EventChoiceOptions choices={events.data} />
            </select>
            {eventError && (
              <p id={`${eventSelectId}-error`} className="text-destructive text-sm">
                {eventError}
              </p>
            )}
          </div>
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">Send to</legend>
            <div className="flex flex-wrap gap-4">
              {SEGMENTS.map((segment) => (
                <label key={segment.value} className="flex items-center gap-2 text-sm">
                  <input type="radio" value={segment.value} {...form.register('segment')} />
                  {segment.label}
                </label>
              ))}
            </div>
            {chosen && <p className="text-muted-foreground text-xs">{chosen.help}</p>}
          </fieldset>
          <FormField<Draft> name="title" label="Title" required />
          <Suspense fallback={<p className="text-muted-foreground text-sm">Loading the editor…</p>}>
            <RichTextEditor
              key={editorKey}
              label="Update"
              hint="Bold, italic, headings, lists and links (https:// or mailto:) are kept; members and the e-mail see them."
              error={form.formState.errors.bodyText?.message}
              linkProblem={updateLinkProblem}
              contentClass={RICH_TEXT_CLASS}
              onChange={({ doc, text }) => {
                form.setValue('bodyDoc', doc);
                form.setValue('bodyText', text, { shouldValidate: form.formState.isSubmitted });
              }}
            />
          </Suspense>
          <UpdateImagePicker />
          <p data-testid="update-reach" aria-live="polite" className="text-sm font-medium">
            {reachText}
          </p>
          <button type="submit" className={buttonClass('primary')} disabled={pending !== null}>
            Send update
          </button>
        </form>
      </FormProvider>
      <ConfirmDialog
        open={pending !== null}
        title={nobody ? 'Send to nobody?' : 'Send this update?'}
        message={pendingMessage}
        confirmLabel={nobody ? 'Send anyway' : 'Send update'}
        onConfirm={() => (pending ? send(pending) : Promise.resolve())}
        onClose={() => setPending(null)}
      />
      <SentUpdates />
    </AdminPage>
  );
}
