// The calendar form's rules (document 1: calendar form, calendar save), pure so they are unit-tested:
// choosing staff-only sets colour 7 and remembers the colour before; going back to public restores it
// (or 0); start and end stay ordered, the one not being edited moves.
import { PUBLIC_COLOURS, STAFF_COLOUR } from '@club/core/calendar/events';

export interface FormState {
  pk: number | 'new';
  title: string;
  start: string;
  end: string;
  colorindex: number;
  staff: boolean;
  /** The public colour chosen before staff-only was, restored when it is undone. */
  previousColour: number | null;
}

export const newEntryForm = (day: string): FormState => ({
  pk: 'new',
  title: '',
  start: day,
  end: day,
  colorindex: 0,
  staff: false,
  previousColour: null,
});

export function setStaffOnly(form: FormState, staff: boolean): FormState {
  if (staff === form.staff) return form;
  if (staff) return { ...form, staff, colorindex: STAFF_COLOUR, previousColour: form.colorindex };
  const restored =
    form.previousColour !== null && form.previousColour < PUBLIC_COLOURS ? form.previousColour : 0;
  return { ...form, staff, colorindex: restored, previousColour: null };
}

/** A start after the end pushes the end. */
export const setStart = (form: FormState, start: string): FormState =>
  start !== '' && form.end !== '' && start > form.end ? { ...form, start, end: start } : { ...form, start };

/** An end before the start pushes the start. */
export const setEnd = (form: FormState, end: string): FormState =>
  end !== '' && form.start !== '' && end < form.start ? { ...form, end, start: end } : { ...form, end };

/** Title, start and end required ('資料有少'). */
export const isMissingData = (form: FormState): boolean =>
  form.title.trim() === '' || form.start === '' || form.end === '';
