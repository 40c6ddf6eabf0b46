import { Component, type ReactNode } from 'react';

/** Shows `fallback` instead of children that threw while rendering. */
export class ErrorBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: unknown) {
    console.warn('A part of the page failed to render:', error);
  }
  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
