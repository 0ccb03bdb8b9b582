import { useMatch } from 'react-router';
import { ErrorDescriptionPanel } from './error-description-panel';
import { describeError, type ErrorSubject } from '../lib/error-messages';
import { useConnection } from '../services/app-services-context';

export interface ErrorPanelProps {
  error: unknown;
  subject?: ErrorSubject;
  onRetry?: () => void;
  retrying?: boolean;
  className?: string;
  headingLevel?: 1 | 2 | 3;
}

/** A failure, said plainly, with its next step: the words depend on whether a token is in use and on the page shown. */
export function ErrorPanelContent({ error, subject, ...shown }: ErrorPanelProps) {
  const { hasToken } = useConnection();
  // On the Settings page itself, a button to open Settings leads nowhere.
  const inSettings = useMatch('/settings') !== null;
  const description = describeError(error, subject, { hasToken, inSettings });
  return <ErrorDescriptionPanel description={description} settingsLink={description.linksToSettings && !inSettings} {...shown} />;
}
