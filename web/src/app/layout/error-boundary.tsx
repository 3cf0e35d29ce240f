// Keeps the layout (sidebar, header) when a page inside it fails to load or render.
import { Component, type ReactNode } from 'react';
import { ErrorScreen } from '../route-error';

type Props = { children: ReactNode; resetKey: string };
type State = { error: unknown; key: string };

export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    // Navigating elsewhere clears the error.
    return props.resetKey !== state.key ? { error: null, key: props.resetKey } : null;
  }

  override render() {
    if (this.state.error) return <ErrorScreen error={this.state.error} />;
    return this.props.children;
  }
}
