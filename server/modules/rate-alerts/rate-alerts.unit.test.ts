import { describe, expect, it } from 'vitest';
import { rateAlertMessages } from '../../../common/api/rate-alerts.ts';
import { rateIn } from '../notifications/notification-params.ts';
import { renderNotification } from '../notifications/notification-texts.ts';
import { thresholdProblem } from './rate-alerts.service.ts';

describe('thresholdProblem', () => {
  it('wants a threshold above the rate and at most 50 % above it, exactly', () => {
    expect(thresholdProblem('10.7001', '10.7000')).toBeUndefined();
    expect(thresholdProblem('16.05', '10.7000')).toBeUndefined();
    expect(thresholdProblem('10.70', '10.7000')).toBe(rateAlertMessages.notAbove);
    expect(thresholdProblem('10', '10.7000')).toBe(rateAlertMessages.notAbove);
    expect(thresholdProblem('16.0501', '10.7000')).toBe(rateAlertMessages.tooHigh);
    expect(thresholdProblem('0', '10.7000')).toBe(rateAlertMessages.threshold);
  });
});

describe('rate_alert notification', () => {
  it('writes the rates as each language does, in every language', () => {
    expect(rateIn('en', '11.2000')).toBe('11.20');
    expect(rateIn('fr', '11.2050')).toBe('11,205');
    expect(rateIn('ar', '11')).toBe('11,00');
    for (const language of ['fr', 'en', 'ar', 'es', 'it', 'nl', 'de'] as const) {
      const text = renderNotification(language, 'rate_alert', { threshold: '11.2000', rate: '11.2500' });
      expect(text.title.length, language).toBeGreaterThan(5);
      expect(text.body, language).toContain(language === 'en' ? '11.25' : '11,25');
      expect(text.body, language).toContain(language === 'en' ? '11.20' : '11,20');
    }
  });
});
