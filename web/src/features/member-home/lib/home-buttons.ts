import { canSpend, hasAuthority, isActiveStaff, type SessionUser } from '../../../shared/session/user';

// Which buttons the member home shows (spec doc 1, section 2, member home content). A button to a page
// appears only when that page is built and the person may open it (`isAvailable`), so buttons show up
// by themselves as pages are built.

export type HomeButton =
  | 'balance'
  | 'points'
  | 'calendar'
  | 'workshop'
  | 'openDoor'
  | 'darkroomRule'
  | 'training'
  | 'signIn'
  | 'transfer'
  | 'courseSlides'
  | 'terms'
  | 'staffArea'
  | 'systemStatus'
  | 'systemTempRH'
  | 'errorTest';

/** The route each page button opens; courseSlides is an outside link and errorTest stays on the page. */
export const homeButtonRoutes: Partial<Record<HomeButton, string>> = {
  balance: 'TransLog',
  points: 'UserPointLog',
  calendar: 'Calendar',
  workshop: 'WorkshopForm',
  openDoor: 'OpenDoor',
  darkroomRule: 'DarkroomReserveRule',
  training: 'Training',
  signIn: 'SignIn',
  transfer: 'UserTransfer',
  terms: 'Terms',
  staffArea: 'AdminHome',
  systemStatus: 'AdminSystemStatus',
  systemTempRH: 'AdminSystemTempRH',
};

/** The user with id 2 tests error reporting with a hidden button. */
export const ERROR_TEST_USER_PK = 2;

export interface HomeButtonsInput {
  user: SessionUser;
  /** The server's showworkshopform flag (false until it is known). */
  showWorkshopForm: boolean;
  isAvailable: (routeName: string) => boolean;
}

export function homeButtons({ user, showWorkshopForm, isAvailable }: HomeButtonsInput): HomeButton[] {
  const rules: Record<HomeButton, boolean> = {
    balance: user.balance !== 0,
    points: user.point !== 0,
    calendar: true,
    workshop: showWorkshopForm && !hasAuthority(user, 'errormember'),
    openDoor: (user.ismember || hasAuthority(user, 'opendoor')) && hasAuthority(user, 'webopendoor'),
    darkroomRule: user.ismember,
    training: user.ismember,
    signIn: user.ismember,
    transfer: canSpend(user, 1),
    courseSlides: user.ismember,
    terms: true,
    staffArea: isActiveStaff(user),
    systemStatus: hasAuthority(user, 'system'),
    systemTempRH: hasAuthority(user, 'system'),
    errorTest: user.pk === ERROR_TEST_USER_PK,
  };
  return (Object.keys(rules) as HomeButton[]).filter((button) => {
    if (!rules[button]) return false;
    const route = homeButtonRoutes[button];
    return route === undefined || isAvailable(route);
  });
}

/** Points are shown with one decimal when fractional. */
export const formatPoints = (points: number): string =>
  Number.isInteger(points) ? String(points) : points.toFixed(1);
