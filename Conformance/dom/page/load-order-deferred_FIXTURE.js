out('deferred script:', document.readyState, document.currentScript.getAttribute('src'));
