import { describe, expect, it } from 'vitest';
import { groupInOrder, identityGroupLabel, workshopChoices, workshopName } from './roster-groups';

describe('roster grouping', () => {
  it('keeps the server order of groups and of entries within them', () => {
    const entries = [
      { name: 'a', position: '社長' },
      { name: 'b', position: '副社長' },
      { name: 'c', position: '社長' },
      { name: 'd', position: '暗房長' },
    ];
    expect(groupInOrder(entries, (entry) => entry.position)).toEqual([
      { key: '社長', entries: [entries[0], entries[2]] },
      { key: '副社長', entries: [entries[1]] },
      { key: '暗房長', entries: [entries[3]] },
    ]);
    expect(groupInOrder([], () => 'x')).toEqual([]);
  });

  it('names identity groups and workshop kinds in either language', () => {
    expect([identityGroupLabel(1, 'zh'), identityGroupLabel(11, 'en'), identityGroupLabel(7, 'zh')]).toEqual([
      '大一',
      "Master's",
      '7',
    ]);
    expect([workshopName(2, 'zh'), workshopName(5, 'en')]).toEqual(['數位暗房', 'Large-format camera']);
    expect(workshopChoices('zh').map((choice) => choice.value)).toEqual(['1', '2', '3', '4', '5']);
  });
});
