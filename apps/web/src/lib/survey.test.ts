import { describe, expect, it } from 'vitest';
import { documentServedFor, FINISH_PAGE, loadSurveyScript, surveyLoaded } from './survey';

const entry = (name: string) => [{ name } as PerformanceEntry];

describe('the finish page survey', () => {
  it('tells whether the document was served for the page', () => {
    expect(documentServedFor('/travel/finish', entry('http://localhost:3000/travel/finish'))).toBe(true);
    expect(documentServedFor('/travel/finish', entry('http://localhost:3000/travel/finish/'))).toBe(true);
    expect(documentServedFor('/travel/finish', entry('http://localhost:3000/travel/payment'))).toBe(false);
    expect(documentServedFor('/travel/finish', [])).toBeUndefined();
  });

  it('matches the finish page of every product and nothing else', () => {
    expect(['/travel/finish', '/pa/finish', '/home/finish/'].every((path) => FINISH_PAGE.test(path))).toBe(
      true,
    );
    expect(['/travel/payment', '/travel/finish/x', '/travel'].some((path) => FINISH_PAGE.test(path))).toBe(
      false,
    );
  });

  it('loads nothing when the document names no survey', () => {
    const doc = document.implementation.createHTMLDocument('finish');
    expect(loadSurveyScript(doc)).toBe(false);
    expect(doc.querySelector('script')).toBeNull();
    expect(surveyLoaded()).toBe(false);
  });

  it('adds the named script once, asynchronously', () => {
    const doc = document.implementation.createHTMLDocument('finish');
    const meta = doc.createElement('meta');
    meta.name = 'survey-script';
    meta.content = 'https://survey.example.com/embed.js?site=lionrock';
    doc.head.append(meta);
    expect(loadSurveyScript(doc)).toBe(true);
    expect(loadSurveyScript(doc)).toBe(false);
    const scripts = doc.querySelectorAll('script');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.src).toBe('https://survey.example.com/embed.js?site=lionrock');
    expect(scripts[0]?.async).toBe(true);
    expect(surveyLoaded()).toBe(true);
  });
});
