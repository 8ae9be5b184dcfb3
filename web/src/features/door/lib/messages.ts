import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { OpenDoorReply } from '../api/door';

/**
 * The message after a press (document 1, section 8): success '開門成功'; servicedown '現在是閉館時間，
 * 無法開門' when the door is closed by the hours, and the portal's own message when the door host cannot
 * be reached (docs/door.md); anything else '開門失敗，請重試或連絡粉專'.
 */
export function openDoorMessage(reply: OpenDoorReply | null): {
  tone: 'ok' | 'fail';
  text: MessageDescriptor;
} {
  if (reply?.status === 'ok') return { tone: 'ok', text: msg`開門成功` };
  if (reply?.reason === 'servicedown')
    return reply.detail === 'unreachable'
      ? { tone: 'fail', text: msg`無法連線到門禁，請重試或連絡粉專` }
      : { tone: 'fail', text: msg`現在是閉館時間，無法開門` };
  return { tone: 'fail', text: msg`開門失敗，請重試或連絡粉專` };
}

/** The opendoor log's result (document 3): 1 ok, 0 cannot connect, 2 outside open hours. */
export function doorResultText(result: number | null): MessageDescriptor {
  switch (result) {
    case 1:
      return msg`成功`;
    case 0:
      return msg`無法連線`;
    case 2:
      return msg`非開放時間`;
    default:
      return msg`等待中`;
  }
}

const TAIPEI_OFFSET_MS = 8 * 60 * 60 * 1000;

/** 'YYYY-MM-DD HH:mm' in Taipei time. */
export const taipeiDateTime = (iso: string): string =>
  new Date(Date.parse(iso) + TAIPEI_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
