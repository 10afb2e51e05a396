/**
 * An agent is valid only if the agent code exists and is not the default agent (travel-flow section 6).
 * Kept apart from the schemas so a page can ask without loading the schema library.
 */
export function isValidAgent(
  agent: { agentCode?: string | null; isDefaultAgent?: boolean | null } | null | undefined,
): boolean {
  return Boolean(agent?.agentCode) && !agent?.isDefaultAgent;
}
