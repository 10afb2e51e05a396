import { OCCUPATIONS, type TOccupation } from '@lionrock/domain/pa/occupation';

/** The label in the page's language (zh for Chinese; the catalogue converts nothing here). */
export function occupationLabel(occupation: TOccupation, lang: string): string {
  return lang.startsWith('zh') ? occupation.labelZh : occupation.labelEn;
}

/** The jobs whose label (either language) holds the query; the whole list for an empty one. */
export function searchOccupationList(query: string, _lang: string): TOccupation[] {
  const wanted = query.trim().toLowerCase();
  if (!wanted) return OCCUPATIONS;
  return OCCUPATIONS.filter(
    (occupation) => occupation.labelEn.toLowerCase().includes(wanted) || occupation.labelZh.includes(wanted),
  );
}
