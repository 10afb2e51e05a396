import type { TKernel } from '../../app-kernel.ts';
import { createAgentRepository } from './agent-repository.ts';
import { agentRoutes } from './agent-routes.ts';
import { createAgentService } from './agent-service.ts';

/** Agents and their staff codes, as the shop's agent links read them. */
export async function agentModule(kernel: TKernel) {
  const repository = createAgentRepository(kernel.db);
  const service = createAgentService(repository);
  await kernel.app.register(agentRoutes, { service });
  return { repository, service };
}
