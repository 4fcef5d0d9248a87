import Bold from '@tiptap/extension-bold';
import Document from '@tiptap/extension-document';
import HardBreak from '@tiptap/extension-hard-break';
import Heading from '@tiptap/extension-heading';
import Italic from '@tiptap/extension-italic';
import Link from '@tiptap/extension-link';
// Subpath imports: the packages' indexes bring task lists, drop and gap cursors the editor does not use.
import { BulletList } from '@tiptap/extension-list/bullet-list';
import { ListItem } from '@tiptap/extension-list/item';
import { ListKeymap } from '@tiptap/extension-list/keymap';
import { OrderedList } from '@tiptap/extension-list/ordered-list';
import Paragraph from '@tiptap/extension-paragraph';
import Text from '@tiptap/extension-text';
import { UndoRedo } from '@tiptap/extensions/undo-redo';
import { EditorContent, useEditor, useEditorState, type Editor, type JSONContent } from '@tiptap/react';
import { useEffect, useId, useState } from 'react';
import { buttonClass } from '../../../components/ui/button-styles';

/**
 * The update's body in rich text (Tiptap, decision 0043): only what the database's `is_update_doc` keeps
 * (paragraphs, headings, bulleted and numbered lists, bold, italic, links https:/mailto:, line breaks), so
 * what the admin sees is what members and the e-mail get. The document goes to the database as JSON; the
 * database renders it.
 */
const extensions = (linkProblem: LinkRule) => [
  Document,
  Paragraph,
  Text,
  HardBreak,
  Bold,
  Italic,
  Heading.configure({ levels: [2, 3] }),
  BulletList,
  OrderedList,
  ListItem,
  ListKeymap,
  UndoRedo,
  Link.configure({
    openOnClick: false,
    autolink: true,
    defaultProtocol: 'https',
    protocols: [],
    isAllowedUri: (url) => linkProblem(url) === undefined,
  }),
];

/** The link rule (src/lib/rules: updateLinkProblem): the message for a bad address, else undefined. */
export type LinkRule = (href: string) => string | undefined;

export interface RichTextValue {
  doc: JSONContent;
  /** The words alone, for the form's length check (the database derives its own plain text). */
  text: string;
}

// The rule and the content's look come as props: this module imports nothing the screen's chunk holds, so
// its chunk (loaded on demand) is the editor alone (decision 0043).
export function RichTextEditor({
  label,
  hint,
  error,
  linkProblem,
  contentClass,
  onChange,
}: {
  label: string;
  hint?: string;
  error?: string | undefined;
  linkProblem: LinkRule;
  /** How the text looks: the classes /event-updates gives the update's HTML. */
  contentClass: string;
  onChange: (value: RichTextValue) => void;
}) {
  const id = useId();
  const attributes = editorAttributes(id, contentClass, hint, error);
  const editor = useEditor({
    // Tiptap's base CSS is in src/styles/global.css: an injected <style> breaks the site's CSP.
    injectCSS: false,
    extensions: extensions(linkProblem),
    editorProps: { attributes },
    onUpdate: ({ editor: changed }) =>
      onChange({ doc: changed.getJSON(), text: changed.getText({ blockSeparator: '\n\n' }) }),
  });
  // The editor keeps the attributes it was made with: an error shown later is set on it here.
  const invalid = attributes['aria-invalid'] ?? '';
  useEffect(() => {
    editor?.setOptions({
      editorProps: { attributes: editorAttributes(id, contentClass, hint, invalid ? 'error' : undefined) },
    });
  }, [editor, id, contentClass, hint, invalid]);
  return (
    <div className="flex flex-col gap-1">
      <span id={`${id}-label`} className="text-sm font-medium">
        {label}
        <span aria-hidden="true"> *</span>
      </span>
      {editor && <Toolbar editor={editor} controls={`${id}-editor`} linkProblem={linkProblem} />}
      <EditorContent editor={editor} id={`${id}-editor`} />
      {hint && (
        <p id={`${id}-hint`} className="text-muted-foreground text-xs">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-destructive text-sm">
          {error}
        </p>
      )}
    </div>
  );
}

/** The editable area's name, description and validity, as a textbox of the form. */
function editorAttributes(
  id: string,
  contentClass: string,
  hint: string | undefined,
  error: string | undefined,
): Record<string, string> {
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return {
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-labelledby': `${id}-label`,
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    ...(error ? { 'aria-invalid': 'true' } : {}),
    class: `${contentClass} min-h-40 rounded-b-md border border-border bg-background px-3 py-2 text-foreground focus-visible:outline-3 focus-visible:outline-offset-1`,
  };
}

/** The formatting buttons: each says what it does and whether it is on (aria-pressed). */
function Toolbar({
  editor,
  controls,
  linkProblem,
}: {
  editor: Editor;
  controls: string;
  linkProblem: LinkRule;
}) {
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      heading: current.isActive('heading', { level: 2 }),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      link: current.isActive('link'),
      href: (current.getAttributes('link').href as string | undefined) ?? '',
    }),
  });
  const [linking, setLinking] = useState(false);
  const chain = () => editor.chain().focus();
  const buttons: { label: string; pressed: boolean; run: () => void }[] = [
    { label: 'Bold', pressed: state.bold, run: () => chain().toggleBold().run() },
    { label: 'Italic', pressed: state.italic, run: () => chain().toggleItalic().run() },
    { label: 'Heading', pressed: state.heading, run: () => chain().toggleHeading({ level: 2 }).run() },
    { label: 'Bulleted list', pressed: state.bulletList, run: () => chain().toggleBulletList().run() },
    { label: 'Numbered list', pressed: state.orderedList, run: () => chain().toggleOrderedList().run() },
    { label: 'Link', pressed: state.link || linking, run: () => setLinking((open) => !open) },
  ];
  return (
    <div className="border-border bg-muted/50 rounded-t-md border border-b-0 p-1">
      <div role="toolbar" aria-label="Formatting" aria-controls={controls} className="flex flex-wrap gap-1">
        {buttons.map((button) => (
          <button
            key={button.label}
            type="button"
            aria-pressed={button.pressed}
            className={buttonClass(button.pressed ? 'primary' : 'ghost', 'sm')}
            // A click keeps the caret in the text (the editor does not lose focus and selection).
            onMouseDown={(event) => event.preventDefault()}
            onClick={button.run}
          >
            {button.label}
          </button>
        ))}
      </div>
      {linking && (
        <LinkForm
          initial={state.href}
          linkProblem={linkProblem}
          onApply={(href) => {
            chain().extendMarkRange('link').setLink({ href }).run();
            setLinking(false);
          }}
          onRemove={() => {
            chain().extendMarkRange('link').unsetLink().run();
            setLinking(false);
          }}
          onCancel={() => {
            setLinking(false);
            editor.commands.focus();
          }}
        />
      )}
    </div>
  );
}

/** The link's address for the selected words: https:// or mailto: only, as the database allows. */
function LinkForm({
  initial,
  linkProblem,
  onApply,
  onRemove,
  onCancel,
}: {
  initial: string;
  linkProblem: LinkRule;
  onApply: (href: string) => void;
  onRemove: () => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [href, setHref] = useState(initial);
  const [problem, setProblem] = useState('');
  function apply() {
    const value = href.trim();
    const message = linkProblem(value);
    if (message) setProblem(message);
    else onApply(value);
  }
  return (
    <div className="flex flex-wrap items-end gap-2 p-1">
      <div className="flex min-w-64 flex-col gap-1">
        <label htmlFor={id} className="text-sm font-medium">
          Link address
        </label>
        <input
          id={id}
          type="url"
          value={href}
          placeholder="https://"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-error` : undefined}
          onChange={(event) => setHref(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              apply();
            } else if (event.key === 'Escape') {
              event.preventDefault();
              onCancel();
            }
          }}
          className="border-border bg-background h-9 rounded-md border px-3"
        />
      </div>
      <button type="button" className={buttonClass('outline', 'sm')} onClick={apply}>
        Apply link
      </button>
      {initial && (
        <button type="button" className={buttonClass('ghost', 'sm')} onClick={onRemove}>
          Remove link
        </button>
      )}
      {problem && (
        <p id={`${id}-error`} className="text-destructive w-full text-sm">
          {problem}
        </p>
      )}
    </div>
  );
}
