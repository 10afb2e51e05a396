import { marketOfAgentLink } from '@lionrock/domain/campaign/agent-link';
import type { TLanguage } from '@lionrock/domain/environment/language';
import type { TCountry } from '@lionrock/domain/market/market';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { TLinkVisit } from './link-visit';

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
  /** The agent's own market (decision 111): its link opens that market's shop. */
  country?: string;
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
  /** A new partner (or sub-agent) drops the earlier one's agent: it is looked up again. */
  setPartner(partner: string | null, subAgent: string | null, linkCodes?: TLinkCodes): void;
  setAgent(agent: TAgent | null): void;
  /**
   * What an address says (link-visit.ts `linkVisitOf`): its market, language and partner. A visit whose
   * partner's agent is known and valid stays in the agent's market.
   */
  openLink(visit: TLinkVisit): void;
  /** The partner's agent as the server answered: a valid one brings the shop to its own market. */
  adoptAgent(agent: TAgent): void;
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
      setPartner: (partner, subAgent, linkCodes = {}) =>
        set((state) => ({
          partner,
          subAgent,
          linkCodes,
          agent: state.partner === partner && state.subAgent === subAgent ? state.agent : null,
        })),
      setAgent: (agent) => set({ agent }),
      openLink: (visit) => {
        if (visit.partner)
          get().setPartner(visit.partner.partner, visit.partner.subAgent, visit.partner.linkCodes);
        set((state) => ({
          ...(visit.lang ? { lang: visit.lang } : {}),
          country: state.partner
            ? marketOfAgentLink(state.agent, visit.country ?? state.country)
            : (visit.country ?? state.country),
        }));
      },
      adoptAgent: (agent) => set((state) => ({ agent, country: marketOfAgentLink(agent, state.country) })),
    }),
    { name: SYSTEM_STORE_KEY, storage: createJSONStorage(() => sessionStorage) },
  ),
);

export { isValidAgent } from '@lionrock/domain/campaign/agent-rules';
