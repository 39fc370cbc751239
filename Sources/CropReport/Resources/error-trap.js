(function(){var errors=[];
function show(){var s=document.getElementById('js-status');document.documentElement.setAttribute('data-js-errors',String(errors.length));
if(!s)return;if(errors.length){s.setAttribute('data-status','error');s.textContent='JavaScript errors: '+errors.join(' | ');}}
window.addEventListener('error',function(e){errors.push(String(e.message||e)+(e.lineno?' (line '+e.lineno+')':''));show();});
window.cropsimError=function(e){errors.push(String(e&&e.message||e));show();};
window.cropsimTimings=function(t){window.cropsimP95=t;};
window.cropsimScriptsDone=function(){show();if(!errors.length){var s=document.getElementById('js-status');s.setAttribute('data-status','ok');s.textContent='ok';}};
})();
