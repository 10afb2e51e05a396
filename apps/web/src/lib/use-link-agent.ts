import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isValidAgent, type TAgent, useSystemStore } from '../state/system-store';
import { systemApi } from './system-api';

/** The lookup of a partner link's agent: by its code alone, since the agent decides the market (issue 29). */
function agentQuery(partner: string | null, subAgent: string | null, enabled: boolean) {
  return {
    queryKey: ['agent', partner, subAgent],
    queryFn: () => systemApi.agent(partner!, subAgent),
    enabled: Boolean(partner) && enabled,
    staleTime: 5 * 60_000,
  };
}

/**
 * The agent of the visit's partner link, for every product (spec section 6: agent details show only
 * for a valid agent; an invalid agent link says so). The shell runs it on every page; a landing reads
 * it too. The answer is kept with the visit and brings the shop to the agent's market; a new partner
 * drops the earlier answer (system-store `setPartner`), so it is asked again and nothing of an earlier
 * link shows meanwhile: `checked` is false until then. No partner: direct, valid.
 */
export function useLinkAgent(): { agent: TAgent | null; validAgent: boolean; checked: boolean } {
  const partner = useSystemStore((state) => state.partner);
  const subAgent = useSystemStore((state) => state.subAgent);
  const agent = useSystemStore((state) => state.agent);
  const query = useQuery(agentQuery(partner, subAgent, agent === null));
  useEffect(() => {
    if (query.data && agent === null) useSystemStore.getState().adoptAgent(query.data);
  }, [query.data, agent]);
  if (!partner) return { agent: null, validAgent: true, checked: true };
  return {
    agent: isValidAgent(agent) ? agent : null,
    // Until the answer, or when the lookup itself failed, the link is not called invalid.
    validAgent: agent ? isValidAgent(agent) : true,
    checked: agent !== null || query.isError,
  };
}

/**
 * Before the app's first render (main.tsx): the agent of a link just opened, so its first paint is
 * already in the agent's market and language script. A failed call leaves it to `useLinkAgent`.
 */
export async function lookUpLinkAgent(): Promise<void> {
  const { partner, subAgent, agent } = useSystemStore.getState();
  if (!partner || agent) return;
  try {
    const answer = await systemApi.agent(partner, subAgent);
    const now = useSystemStore.getState();
    if (now.partner === partner && now.subAgent === subAgent && now.agent === null) now.adoptAgent(answer);
  } catch {
    // The shell asks again on its first render.
  }
}
