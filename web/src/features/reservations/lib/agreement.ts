// The rules page comes first (document 2: DarkroomReserveRule links to the grid): the grid sends a person
// who has not agreed in this browser session to the rules.
const KEY = 'club.reserve.rules-agreed';

export const hasAgreed = (): boolean => {
  try {
    return sessionStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
};

export const agree = (): void => {
  try {
    sessionStorage.setItem(KEY, '1');
  } catch {
    // Without storage the person agrees again next time.
  }
};
