/** A section of a wording or brochure: a heading and its paragraphs (level 2 for a sub-heading). */
export type TSection = { heading: string; paragraphs: string[]; level?: 2 };
