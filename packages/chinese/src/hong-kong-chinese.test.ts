import { describe, expect, it } from 'vitest';
import { hongKongChinese, hongKongChineseDeep, notHongKongChinese } from './hong-kong-chinese.ts';

describe("Hong Kong's Chinese (decision 110)", () => {
  it('converts Simplified characters to Traditional with Hong Kong variants', () => {
    expect(hongKongChinese('烧伤、暂时完全伤残、医疗费用')).toBe('燒傷、暫時完全傷殘、醫療費用');
    expect(hongKongChinese('为您')).toBe('為您');
    expect(hongKongChinese('核对')).toBe('核對');
  });

  it('writes the characters Hong Kong pages encode, not the glyph-standard forms', () => {
    expect(hongKongChinese('税前价格')).toBe('稅前價格');
    expect(hongKongChinese('客户')).toBe('客戶');
    expect(hongKongChinese('请阅读并说明')).toBe('請閱讀並說明');
  });

  it("uses Hong Kong's words for the mainland ones", () => {
    expect(hongKongChinese('此链接已过期，请登录您的账户或联系我们')).toBe(
      '此連結已過期，請登入您的帳戶或聯絡我們',
    );
    expect(hongKongChinese('短信和默认设置')).toBe('短訊和預設設定');
    expect(hongKongChinese('请输入用户名，理赔以平方尺计')).toBe('請輸入用戶名稱，索償以平方呎計');
  });

  it('leaves ASCII, placeholders and Traditional text as they are', () => {
    expect(hongKongChinese('{{amount}} S$12.30 <b>{name}</b>')).toBe('{{amount}} S$12.30 <b>{name}</b>');
    const hongKong = '稅前價格、燒傷、請登入您的帳戶';
    expect(hongKongChinese(hongKong)).toBe(hongKong);
  });

  it('converts every string of a value and keeps the rest', () => {
    expect(hongKongChineseDeep({ a: '费用', b: ['链接', 3], c: null, d: true })).toEqual({
      a: '費用',
      b: ['連結', 3],
      c: null,
      d: true,
    });
  });

  it('finds what is not Hong Kong Chinese: Simplified characters and mainland words', () => {
    expect(notHongKongChinese('稅前價格 for {{name}}')).toEqual([]);
    expect(notHongKongChinese('税前價格')).toEqual(['税']);
    expect(notHongKongChinese('燒伤与烧伤')).toEqual(['伤', '与', '烧']);
    expect(notHongKongChinese('請登錄')).toEqual(['錄']);
  });
});

describe('a text with blanks', () => {
  const copy = hongKongChineseDeep({
    greeting: (name: string) => `尊敬的${name}：请查阅邮件`,
    valid: (minutes: number) => `${minutes}分钟内有效`,
    contact: (country: string) => (country === 'SGP' ? '新加坡热线' : '香港热线'),
  });

  it("converts the shop's words and never what the customer typed", () => {
    // A Singapore customer's name in Simplified stays as typed.
    expect(copy.greeting('陈志伟')).toBe('尊敬的陈志伟：請查閱電郵');
    expect(copy.greeting('Tan Wei Ling')).toBe('尊敬的Tan Wei Ling：請查閱電郵');
    expect(copy.valid(10)).toBe('10分鐘內有效');
  });

  it('answers as the original for each argument, converted', () => {
    expect(copy.contact('SGP')).toBe('新加坡熱線');
    expect(copy.contact('HKG')).toBe('香港熱線');
  });
});
