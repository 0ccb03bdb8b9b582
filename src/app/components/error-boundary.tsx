import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  /** What to show instead of the children, with a way to try them again. */
  fallback: (error: unknown, reset: () => void) => ReactNode;
  /** Changing any of these clears the error (e.g. another issue opened). */
  resetKeys?: readonly unknown[];
  children: ReactNode;
}

interface State {
  error: unknown;
  failed: boolean;
  resetKeys: readonly unknown[] | undefined;
}

/** Keeps one part of a view failing on its own (a comment's Markdown, a lazy chunk that did not load). */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, failed: false, resetKeys: this.props.resetKeys };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    const changed =
      props.resetKeys !== undefined &&
      (state.resetKeys === undefined ||
        props.resetKeys.length !== state.resetKeys.length ||
        props.resetKeys.some((key, i) => !Object.is(key, state.resetKeys?.[i])));
    if (!changed) return null;
    return { resetKeys: props.resetKeys, ...(state.failed ? { error: null, failed: false } : {}) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('A part of the page failed to render', error, info.componentStack);
  }

  reset = (): void => {
    this.setState({ error: null, failed: false });
  };

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback(this.state.error, this.reset) : this.props.children;
  }
}
