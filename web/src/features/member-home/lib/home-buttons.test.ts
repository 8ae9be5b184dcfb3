import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../shared/session/user';
import { formatPoints, homeButtons } from './home-buttons';
import { sessionUser } from '../../../shared/session/session-user.testing';

const base: SessionUser = sessionUser({
  pk: 10,
  pkstr: 'U10',
  name: '王小明',
  ismember: true,
  lastmember: '115-1',
});

const everythingBuilt = () => true;
const nothingBuilt = () => false;

describe('member home buttons', () => {
  it('shows page buttons only for built pages', () => {
    const user = { ...base, balance: 120, balanceplus: 120, point: 2.5, isstaff: true };
    expect(homeButtons({ user, showWorkshopForm: true, isAvailable: nothingBuilt })).toEqual([
      'courseSlides',
    ]);
  });

  it('shows balance and points buttons only when nonzero', () => {
    expect(homeButtons({ user: base, showWorkshopForm: false, isAvailable: everythingBuilt })).not.toContain(
      'balance',
    );
    const user = { ...base, balance: -5, point: 0.5 };
    const buttons = homeButtons({ user, showWorkshopForm: false, isAvailable: everythingBuilt });
    expect(buttons).toContain('balance');
    expect(buttons).toContain('points');
  });

  it('shows the staff area only to staff who are members', () => {
    const staffNonMember = { ...base, isstaff: true, ismember: false };
    expect(
      homeButtons({ user: staffNonMember, showWorkshopForm: false, isAvailable: everythingBuilt }),
    ).not.toContain('staffArea');
    const staffMember = { ...base, isstaff: true };
    expect(
      homeButtons({ user: staffMember, showWorkshopForm: false, isAvailable: everythingBuilt }),
    ).toContain('staffArea');
  });

  it('hides the workshop button for errormember and when the server flag is off', () => {
    const flagged = { ...base, authlist: ['errormember'] };
    expect(
      homeButtons({ user: flagged, showWorkshopForm: true, isAvailable: everythingBuilt }),
    ).not.toContain('workshop');
    expect(homeButtons({ user: base, showWorkshopForm: false, isAvailable: everythingBuilt })).not.toContain(
      'workshop',
    );
    expect(homeButtons({ user: base, showWorkshopForm: true, isAvailable: everythingBuilt })).toContain(
      'workshop',
    );
  });

  it('needs webopendoor plus membership or opendoor for the door button', () => {
    const check = (user: SessionUser) =>
      homeButtons({ user, showWorkshopForm: false, isAvailable: everythingBuilt }).includes('openDoor');
    expect(check(base)).toBe(false);
    expect(check({ ...base, authlist: ['webopendoor'] })).toBe(true);
    expect(check({ ...base, ismember: false, authlist: ['webopendoor'] })).toBe(false);
    expect(check({ ...base, ismember: false, authlist: ['webopendoor', 'opendoor'] })).toBe(true);
  });

  it('offers transfer when one dollar can be spent', () => {
    const check = (user: SessionUser) =>
      homeButtons({ user, showWorkshopForm: false, isAvailable: everythingBuilt }).includes('transfer');
    expect(check(base)).toBe(false);
    expect(check({ ...base, balanceplus: 1 })).toBe(true);
    expect(check({ ...base, authlist: ['allowdebt'] })).toBe(true);
  });

  it('shows the error-test button only to user 2', () => {
    expect(homeButtons({ user: base, showWorkshopForm: false, isAvailable: nothingBuilt })).not.toContain(
      'errorTest',
    );
    expect(
      homeButtons({ user: { ...base, pk: 2 }, showWorkshopForm: false, isAvailable: nothingBuilt }),
    ).toContain('errorTest');
  });

  it('formats fractional points with one decimal', () => {
    expect(formatPoints(3)).toBe('3');
    expect(formatPoints(2.25)).toBe('2.3');
  });
});
