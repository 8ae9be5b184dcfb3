// Darkroom sessions in the API (issue 16 §4, docs/darkroom-sessions.md): the member's view (the ongoing
// session, the charge preview, the allowance left) built from the read model, and the start-up pass that
// finishes check-outs a crash left without their posting or chemical uses.
import type { SessionCharge } from '@club/core/darkroom-sessions/events';
import {
  allowanceLeft,
  FILM_FORMATS,
  PRINT_FORMATS,
  SEMESTER_ALLOWANCE,
  sessionCharge,
} from '@club/core/darkroom-sessions/fees';
import { semesterOf } from '@club/core/semester';
import { allowanceKey, type DarkroomSessionRow } from '@club/projections';
import type { PortalServices } from '../services.ts';
import { personRef } from '../views/ledger-rows.ts';

const ntd = (cents: number): number => cents / 100;

export const chargeView = (charge: SessionCharge) => ({
  items: charge.items.map((item) => ({
    code: item.code,
    quantity: item.quantity,
    covered: item.covered,
    unitprice: ntd(item.unitCents),
    amount: ntd(item.amountCents),
  })),
  total: ntd(charge.totalCents),
});

export function chemicalUsesView(services: PortalServices, row: DarkroomSessionRow) {
  const chemicals = services.projections.models.darkroomDevices.chemicals;
  return row.uses.map((use) => ({
    useId: use.useId,
    chemicalPk: use.chemicalPk,
    name: chemicals.get(use.chemicalPk)?.name ?? String(use.chemicalPk),
    volume: use.volumeMl,
  }));
}

export const sessionView = (services: PortalServices, row: DarkroomSessionRow) => ({
  pk: row.pk,
  sessionId: row.sessionId,
  starttime: row.starttime,
  endtime: row.endtime,
  lines: row.lines.map(({ lineId, kind, format, quantity }) => ({ lineId, kind, format, quantity })),
  chemicals: chemicalUsesView(services, row),
  charge: row.charge ? chargeView(row.charge) : null,
});

/** The member's darkroom page: the ongoing session with its preview, the allowance left, the last sessions. */
export function memberDarkroomState(services: PortalServices, userPk: number) {
  const model = services.projections.models.darkroomSessions;
  const open = model.openByUser.get(userPk) ?? null;
  const semester = open?.semester ?? semesterOf(services.now()).tag;
  const used = model.used.get(allowanceKey(userPk, semester)) ?? { bwRolls: 0, bwPrintSessions: 0 };
  const left = allowanceLeft(used);
  const recent = model.sessions
    .filter((row) => row.userPk === userPk && row.endtime !== null)
    .slice(-5)
    .reverse();
  return {
    status: 'ok' as const,
    user: personRef(services.projections.models.users, userPk),
    semester,
    allowance: {
      bwRolls: { total: SEMESTER_ALLOWANCE.bwRolls, used: used.bwRolls, left: left.bwRolls },
      bwPrintSessions: {
        total: SEMESTER_ALLOWANCE.bwPrintSessions,
        used: used.bwPrintSessions,
        left: left.bwPrintSessions,
      },
    },
    session: open ? sessionView(services, open) : null,
    preview: open ? chargeView(sessionCharge(open.lines, left)) : null,
    recent: recent.map((row) => sessionView(services, row)),
    filmFormats: [...FILM_FORMATS],
    printFormats: [...PRINT_FORMATS],
    chemicalList: [...services.projections.models.darkroomDevices.chemicals.values()]
      .sort((a, b) => a.pk - b.pk)
      .map((chemical) => ({ pk: chemical.pk, name: chemical.name })),
  };
}

/**
 * Check-outs whose follow-ups a crash interrupted: a charged session without its ledger posting, or a
 * session whose chemical uses are not all recorded. settle is idempotent, so running it again is harmless.
 */
export async function settleDarkroomSessions(
  services: PortalServices,
  log: { warn: (message: string) => void },
): Promise<void> {
  const chemicals = services.projections.models.darkroomDevices.chemicals;
  // The darkroom model knows which postings are in the log: the ledger's model is restored from the
  // snapshot at its first use, and a start does not need it.
  const { sessions, posted } = services.projections.models.darkroomSessions;
  for (const row of sessions) {
    if (!row.charge) continue;
    const postingMissing = row.charge.totalCents > 0 && !posted.has(row.sessionId);
    const usesMissing = row.uses.some(
      (use) => !chemicals.get(use.chemicalPk)?.dispenseUses.has(`darkroom:${row.sessionId}/${use.useId}`),
    );
    if (!postingMissing && !usesMissing) continue;
    try {
      await services.darkroomSessions.settle(row.userPk, row.sessionId, {
        now: services.now(),
        actor: null,
        correlationId: `darkroom-settle-${row.sessionId}`,
      });
    } catch (error) {
      log.warn(`darkroom session ${row.sessionId} not settled: ${(error as Error).message}`);
    }
  }
}
