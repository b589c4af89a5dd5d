import { PhoneList } from './phone-list.js';
import { Softphone } from './softphone/softphone.js';

/**
 * Agent phones (spec §2.3 voip_agent_phone; issue 33): the agents' extensions, which call centers
 * each answers for, and their live registration; above them, the agent's own browser softphone.
 */
export default function AgentPhonesPage() {
  return <PhoneList kind="agent" panel={<Softphone />} />;
}
