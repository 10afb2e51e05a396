import { type TEditField, toLocalInput } from './edit-setting';

/** What the system page's panels share: the markets' names, a record's edit values, a panel's props. */

export const MARKETS: Record<string, string> = { SGP: 'Singapore', HKG: 'Hong Kong' };

/** A record's values as its edit form shows them. */
export function formValues(record: Record<string, unknown>, fields: TEditField[]): Record<string, string> {
  return Object.fromEntries(
    fields.map((field) => {
      const value = record[field.name];
      if (field.type === 'datetime-local')
        return [field.name, toLocalInput((value as string | null) ?? null)];
      return [field.name, typeof value === 'string' ? value : ''];
    }),
  );
}

/** One panel of the system page: its rows, and what to do once it changed something. */
export type TSection<T> = {
  rows: T[];
  onChanged: () => void;
  /** The role has system.write: without it the screen shows the settings and no control to change them. */
  mayChange: boolean;
};
