import type { TLanguage } from '@lionrock/domain/environment/language';
import type { TCountry } from '@lionrock/domain/market/market';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** The agent as the server answers it; valid only when the code exists and is not the default agent. */
export type TAgent = {
  agentCode: string;
  name: string;
  agency: string;
  email: string;
  tel: string;
  registrationNo: string;
  isDefaultAgent: boolean;
  subAgentId: string;
};

/** The codes a partner link may carry beside its agent (travel-flow section 2): they pick its agent campaign. */
export type TLinkCodes = { affiliation?: string; promotion?: string; catalogueCode?: string };

/**
 * The shell's system state (travel-flow section 3, System state), kept in sessionStorage so a reload
 * keeps the visit: language, country, where the visit started, the partner link and its agent.
 */
type TSystemState = {
  lang: TLanguage;
  country: TCountry;
  initialUrl: string | null;
  partner: string | null;
  subAgent: string | null;
  linkCodes: TLinkCodes;
  agent: TAgent | null;
  setLanguage(lang: TLanguage): void;
  setCountry(country: TCountry): void;
  /** The first landing URL of the visit is kept: the logo and Back return there. */
  rememberInitialUrl(url: string): void;
  setPartner(partner: string | null, subAgent: string | null, linkCodes?: TLinkCodes): void;
  setAgent(agent: TAgent | null): void;
};

/** The visit's state in sessionStorage (its key is also read by the landing's pre-render guard). */
export const SYSTEM_STORE_KEY = 'lionrock.system';

export const useSystemStore = create<TSystemState>()(
  persist(
    (set, get) => ({
      lang: 'en',
      country: 'SGP',
      initialUrl: null,
      partner: null,
      subAgent: null,
      linkCodes: {},
      agent: null,
      setLanguage: (lang) => set({ lang }),
      setCountry: (country) => set({ country }),
      rememberInitialUrl: (url) => {
        if (!get().initialUrl) set({ initialUrl: url });
      },
      setPartner: (partner, subAgent, linkCodes = {}) => set({ partner, subAgent, linkCodes }),
      setAgent: (agent) => set({ agent }),
    }),
    { name: SYSTEM_STORE_KEY, storage: createJSONStorage(() => sessionStorage) },
  ),
);

export { isValidAgent } from '@lionrock/domain/campaign/agent-rules';
