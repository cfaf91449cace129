// The Lambdas run on nodejs22.x; the local stack supports Node 20 on purpose, so the SDK's
// Node-version notice is noise there. Imported first so it runs before the SDK loads.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
