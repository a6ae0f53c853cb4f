// Renders the API reference from the same openapi.yaml the server routes and validates with.
// A separate file (not inline) so the page works under the server's Content-Security-Policy.
window.ui = SwaggerUIBundle({
  url: './openapi.yaml',
  dom_id: '#swagger-ui',
  deepLinking: true,
});
