// esbuild bundles the style sheets a panel imports into its .css file; they export nothing.
declare module '*.css';
