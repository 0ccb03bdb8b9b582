import { useLocation, useMatch, useNavigate } from 'react-router';
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
  /** offer Back to the view before this one, when this tab has one of the app's pages there */
  offerBack?: boolean;
}

/** A failure, said plainly, with its next step: the words depend on whether a token is in use and on the page shown. */
export function ErrorPanelContent({ error, subject, offerBack = false, ...shown }: ErrorPanelProps) {
  const { hasToken } = useConnection();
  const navigate = useNavigate();
  // The tab's first page of the app has the key "default": Back from it would leave the app.
  const hasViewBefore = useLocation().key !== 'default';
  const onBack = offerBack && hasViewBefore ? () => void navigate(-1) : undefined;
  // On the Settings page itself, a button to open Settings leads nowhere.
  const inSettings = useMatch('/settings') !== null;
  const description = describeError(error, subject, { hasToken, inSettings });
  return <ErrorDescriptionPanel description={description} settingsLink={description.linksToSettings && !inSettings} onBack={onBack} {...shown} />;
}
