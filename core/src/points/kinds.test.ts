import { describe, expect, it } from 'vitest';
import { findPointKind, isPointKindKey, pointKind, pointKindKeys, pointKinds } from './kinds.ts';

describe('point kinds', () => {
  it("are the spec's 18 kinds in the spec's order", () => {
    expect(pointKinds.map((kind) => kind.nameZh)).toEqual([
      '幹部會議',
      '幹部訓練',
      '課程',
      '社辦',
      '暗房',
      '數暗',
      '外拍',
      '圖書',
      '展覽',
      '午聚',
      '迎新晚會',
      '總務',
      '文書',
      '社團代表',
      '社團評鑑',
      '社團博覽會',
      '杜鵑花節',
      '其他',
    ]);
  });

  it('have unique keys and English names matching the key list', () => {
    expect(pointKinds.map((kind) => kind.key)).toEqual([...pointKindKeys]);
    expect(new Set(pointKinds.map((kind) => kind.nameEn)).size).toBe(18);
  });

  it('each carry guidance in Traditional Chinese and English', () => {
    for (const kind of pointKinds) {
      expect(kind.guidanceZh.trim()).not.toBe('');
      expect(kind.guidanceEn.trim()).not.toBe('');
      expect(kind.nameEn.trim()).not.toBe('');
    }
  });

  it("carry the spec's examples: course preparation at most 3 points, an outing's organiser at most 8 a day", () => {
    expect(pointKind('course').guidanceZh).toContain('3 點');
    expect(pointKind('course').guidanceEn).toContain('at most 3 points per time');
    expect(pointKind('outing').guidanceZh).toContain('8 點');
    expect(pointKind('outing').guidanceEn).toContain('at most 8 points a day');
  });

  it('are found by key or by Chinese name', () => {
    expect(findPointKind('暗房')?.key).toBe('darkroom');
    expect(findPointKind('darkroom')?.nameZh).toBe('暗房');
    expect(findPointKind('攝影')).toBeUndefined();
    expect(isPointKindKey('other')).toBe(true);
    expect(isPointKindKey('其他')).toBe(false);
    expect(isPointKindKey(3)).toBe(false);
  });
});
