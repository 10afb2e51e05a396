import {
  occupationLabel as domainLabel,
  searchOccupations,
  type TOccupation,
  type TOccupationLanguage,
} from '@lionrock/domain/pa/occupation';

/** The page's language as the occupation list names it: Hong Kong pages read Traditional Chinese. */
function listLanguage(lang: string): TOccupationLanguage {
  return lang === 'zh-Hant' || lang === 'zh-Hans' ? lang : 'en';
}

/** The label in the page's language. */
export function occupationLabel(occupation: TOccupation, lang: string): string {
  return domainLabel(occupation, listLanguage(lang));
}

/** The jobs matching the query in any language, best first, Others last (decision 053). */
export function searchOccupationList(query: string, lang: string): TOccupation[] {
  return searchOccupations(query, listLanguage(lang));
}
