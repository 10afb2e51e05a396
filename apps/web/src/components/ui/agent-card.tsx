import { agentChatNumber } from '@lionrock/domain/campaign/agent-link';
import { useTranslation } from '../../lib/i18n';
import type { TAgent } from '../../state/system-store';
import { useSystemStore } from '../../state/system-store';
import styles from './agent-card.module.css';

/** The valid agent's contact card: name, agency, chat-messaging phone link, e-mail (travel-flow section 2). */
export function AgentCard({ agent }: { agent: TAgent }) {
  const { t } = useTranslation();
  const country = useSystemStore((state) => state.country);
  // Phone link prefix 65 for Singapore, otherwise 852 (travel-flow section 9): the agent's own market's.
  const phone = agentChatNumber(agent.tel, agent.country, country);
  return (
    <aside className={styles.card} aria-labelledby="agent-card-title">
      <h2 id="agent-card-title" className={styles.title}>
        {t('agent.title')}
      </h2>
      <p className={styles.name}>{agent.name}</p>
      <p className={styles.agency}>{agent.agency}</p>
      {agent.registrationNo && <p>{t('agent.reg', { no: agent.registrationNo })}</p>}
      <p>
        <a href={`https://wa.me/${phone}`} target="_blank" rel="noopener noreferrer">
          {t('agent.call', { name: agent.name, phone: `+${phone}` })}
        </a>
      </p>
      <p>
        <a href={`mailto:${agent.email}`}>{t('agent.email', { name: agent.name })}</a>
      </p>
    </aside>
  );
}
