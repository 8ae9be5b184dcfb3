// The form's questions (the spec does not show them; docs/workshop.md). fillin maps these keys (the
// question "titles") to answers; the web shows each key's label. Shared by the decider's checks and the web.
import type { ApplicationKind, Fillin } from './events.ts';

export type QuestionType = 'text' | 'textarea' | 'select' | 'checkbox';
export interface Question {
  key: string;
  type: QuestionType;
  required: boolean;
  /** For selects: the allowed answers (wishes are checked against the offered kinds instead). */
  options?: readonly string[];
  /** Prefilled from the account (document 2: memberuser). */
  prefill?: boolean;
}

export const WORKSHOP_PAGES: Record<1 | 2 | 3 | 4 | 5 | 6, readonly Question[]> = {
  1: [
    { key: 'name', type: 'text', required: true, prefill: true },
    { key: 'mobile', type: 'text', required: true, prefill: true },
    { key: 'email', type: 'text', required: true, prefill: true },
    { key: 'studepartment', type: 'text', required: true, prefill: true },
    { key: 'stuid', type: 'text', required: true, prefill: true },
    { key: 'grade', type: 'text', required: true, prefill: true },
    { key: 'facebook', type: 'text', required: false, prefill: true },
  ],
  2: [
    { key: 'camera', type: 'select', required: true, options: ['none', 'phone', 'digital', 'film', 'both'] },
    { key: 'filmever', type: 'select', required: true, options: ['yes', 'no'] },
    { key: 'darkroomever', type: 'select', required: true, options: ['yes', 'no'] },
    { key: 'experience', type: 'textarea', required: false },
  ],
  3: [
    { key: 'choice1', type: 'select', required: true },
    { key: 'choice2', type: 'select', required: true },
    { key: 'availability', type: 'textarea', required: true },
  ],
  4: [
    { key: 'photogenre', type: 'textarea', required: true },
    { key: 'cameramodel', type: 'text', required: true },
  ],
  5: [
    { key: 'filmcamera', type: 'select', required: true, options: ['own', 'borrow', 'none'] },
    { key: 'darkroomwhy', type: 'textarea', required: true },
  ],
  6: [
    { key: 'motivation', type: 'textarea', required: true },
    { key: 'semester2plan', type: 'select', required: true, options: ['continue', 'undecided', 'no'] },
    { key: 'other', type: 'textarea', required: false },
    { key: 'agree', type: 'checkbox', required: true },
  ],
};

export const PHOTOS_REQUIRED = 4;
export const PHOTOS_MAX = 5;
/** More paid memberships than this: the form says the workshop is mainly for new students. */
export const MEMBERSHIPS_NEW_STUDENT_MAX = 2;
/** The deposit payable at the first class (document 2, constants); collected by the fee collection. */
export const WORKSHOP_DEPOSIT_NTD = 500;

const wishOf = (value: string | undefined): ApplicationKind | null =>
  value === '1' ? 1 : value === '3' ? 3 : null;

export const wishesOf = (
  fillin: Fillin,
): { choice1: ApplicationKind | null; choice2: ApplicationKind | null } => {
  const choice1 = wishOf(fillin.choice1);
  const choice2 = wishOf(fillin.choice2);
  return { choice1, choice2: choice2 === choice1 ? null : choice2 };
};

/** Wish 2 is cleared ('none') when it equals wish 1 (document 2). */
export function normaliseFillin(fillin: Fillin): Fillin {
  const out: Fillin = {};
  for (const [key, value] of Object.entries(fillin)) out[key] = value.trim();
  if (out.choice2 !== undefined && out.choice2 === out.choice1) out.choice2 = 'none';
  return out;
}

/** The pages shown: 4 only when photography is a wish, 5 only when darkroom is. */
export function pagesFor(fillin: Fillin): number[] {
  const { choice1, choice2 } = wishesOf(fillin);
  const wishes = [choice1, choice2];
  return [1, 2, 3, ...(wishes.includes(3) ? [4] : []), ...(wishes.includes(1) ? [5] : []), 6, 7];
}

/** Whether a page's required answers are there and allowed ('check data' otherwise). */
export function pageValid(page: number, fillin: Fillin, offered: readonly ApplicationKind[]): boolean {
  const questions = WORKSHOP_PAGES[page as 1];
  if (!questions) return true;
  for (const question of questions) {
    const value = fillin[question.key]?.trim() ?? '';
    if (question.required && value === '') return false;
    if (question.type === 'checkbox' && question.required && value !== 'yes') return false;
    if (question.options && value !== '' && !question.options.includes(value)) return false;
  }
  if (page === 3) {
    const choice1 = wishOf(fillin.choice1);
    if (choice1 === null || !offered.includes(choice1)) return false;
    if (fillin.choice2 !== 'none') {
      const choice2 = wishOf(fillin.choice2);
      if (choice2 === null || choice2 === choice1 || !offered.includes(choice2)) return false;
    }
  }
  return true;
}
