// @vitest-environment jsdom
/** The pagehide rescue is read back only when it fits; one that does not is dropped. */
import { beforeEach, describe, expect, it } from 'vitest';
import { saveRescue, takeRescue } from '../../src/adapters/rescue-store.ts';
import type { Rescue } from '../../src/core/session/records.ts';
import { sid, tid } from '../helpers/ids.ts';

const rescue: Rescue = {
  sessionId: sid('s1'),
  events: [[3, { type: 'text', turnId: tid('t'), callId: 'c', text: 'Half an answer' }]],
  live: null,
  history: null,
};

beforeEach(() => sessionStorage.clear());

describe('the pagehide rescue', () => {
  it('comes back once, for its own session', () => {
    saveRescue(rescue);
    expect(takeRescue(sid('other'))).toBeNull();
    expect(takeRescue(sid('s1'))).toEqual(rescue);
    expect(takeRescue(sid('s1'))).toBeNull();
  });

  it('is dropped when it does not fit (an older Sift wrote it, or it was cut)', () => {
    sessionStorage.setItem(
      'sift.rescue',
      JSON.stringify({ ...rescue, events: [[3, { type: 'text', turnId: 't' }]] }),
    );
    expect(takeRescue(sid('s1'))).toBeNull();
    sessionStorage.setItem('sift.rescue', '{"sessionId":"s1","events":[');
    expect(takeRescue(sid('s1'))).toBeNull();
    // A bad one is removed, so it does not come back at every reload.
    sessionStorage.setItem('sift.rescue', JSON.stringify({ sessionId: 's1', events: 'x' }));
    takeRescue(sid('s1'));
    expect(sessionStorage.getItem('sift.rescue')).toBeNull();
  });
});
