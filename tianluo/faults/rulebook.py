"""The built-in rulebook: exit codes, signals, states and log lines -> fault class and label.

Rules are tried in order and the first that matches wins; a spec's own rules go before all
of these (see ``tianluo.faults.classify``). A rule matches when every condition it sets holds. The
order depends only on which lines matched, never on where they stand in the log, so the
same fault gets the same label whichever rank printed first.

The rules stand in tiers (``TIERS``); a tier outranks every tier below it:

=====  ==========  =========================  =========  ==================================================
tier   name        label                      class      matches
=====  ==========  =========================  =========  ==================================================
1      scheduler   time_limit                 config     the scheduler ended it: TIMEOUT (Slurm job state)
                   host_oom                   config     ... OUT_OF_MEMORY
                   preempted / node_failure   transient  ... PREEMPTED / NODE_FAIL / BOOT_FAIL; free
                   / boot_failure
                   deadline                   config     ... DEADLINE (the job's own --deadline passed)
                   time_limit                 config     slurmstepd ``CANCELLED AT ... DUE TO TIME LIMIT``, LSF
                                                         ``TERM_RUNLIMIT`` / ``TERM_CPULIMIT`` /
                                                         ``TERM_DEADLINE``, PBS ``walltime N exceeded limit``,
                                                         mpirun's ``MPIEXEC_TIMEOUT``, Kubernetes ``active longer
                                                         than specified deadline``, Torque's mail ``Job exceeded
                                                         its walltime limit``, Moab's ``exceeded wallclock limit``,
                                                         Grid Engine's ``exceeded hard wallclock time`` (h_rt)
                   time_limit / host_oom /    config /   a Slurm job state another tool reports: Snakemake's
                   preempted / node_failure   transient  ``SLURM status is: 'TIMEOUT'``, submitit's ``(state:
                                                         OUT_OF_MEMORY)``, scontrol's ``JobState=``, seff's
                                                         ``State:``, a sacct row (``OUT_OF_ME+  0:125``)
                   node_failure               transient  srun's ``Job credential expired`` on a node (its clock or
                                                         munge key no longer agrees with the controller's)
                   preempted / node_failure   transient  slurmstepd ``... DUE TO PREEMPTION`` (or ``JOB REQUEUE``) /
                                                         ``NODE FAILURE``, salloc ``Prolog failure on node``,
                                                         srun ``Job prolog failed``, ``Node failure on X``,
                                                         Ray's ``marked dead because the detector has missed
                                                         too many heartbeats``; submitit's ``this job is
                                                         preempted`` (it requeued itself), Azure ML's
                                                         ``PreemptionError``, a cloud's spot termination notice,
                                                         PBS ``job preempted (node failure)``, LSF
                                                         ``TERM_PREEMPT`` / ``TERM_WINDOW`` / ``TERM_LOAD``; free
                   boot_failure               transient  ``slurmstepd: error: execve(): .../slurm_script: No such
                                                         file`` (the node's spool lost the script); free
                   lost                       transient  a CI runner that ``lost communication with the server``
                                                         under the job; free
                   lost                       transient  state ``lost`` (pid gone, no exit record: killed with
                                                         the runner, host reboot); free, once in a row (the
                                                         ladder's rule)
2      hardware    gpu_fault                  transient  ``NVRM: Xid``, ``uncorrectable ECC error``, ``ECC error``,
                                                         ``fallen off the bus``, ``GPU is lost``, nvidia-smi
                                                         ``Unable to determine the device handle``,
                                                         ``CUDA_ERROR_SYSTEM_NOT_READY``, ``Error 802: system not
                                                         yet initialized`` (the fabric manager); a kernel the
                                                         driver's watchdog stopped (``the launch timed out and was
                                                         terminated``: a device, not a network timeout)
                   nccl_error                 transient  InfiniBand that cannot register memory (``ibv_... failed
                                                         with error Cannot allocate memory``, ``Ib failure``): the
                                                         locked-memory limit or the HCA, not the host's RAM
3      exhausted   too_many_open_files        config     ``[Errno 24] Too many open files`` / EMFILE: the open-files
                                                         limit (a shared-memory object that cannot be opened is
                                                         then its symptom, so it goes first); torch's
                                                         ``received 0 items of ancdata`` (fd sharing)
                   process_limit              config     the user's limit of processes or threads (``ulimit -u``, a
                                                         container's pids limit): ``can't start new thread``,
                                                         ``pthread_create failed``, libgomp's ``Thread creation
                                                         failed``, ``fork: retry: Resource temporarily
                                                         unavailable``, OpenBLAS's ``RLIMIT_NPROC``; LSF
                                                         ``TERM_PROCESSLIMIT`` / ``TERM_THREADLIMIT``
                   shm_exhausted              config     DataLoader ``insufficient shared memory (shm)``,
                                                         ``unable to write to file </torch_``, ``is killed by
                                                         signal: Bus error``, ENOSPC under ``/dev/shm`` or from
                                                         joblib's semaphores (``joblib will operate in serial mode``),
                                                         NCCL's ``Error while creating shared memory segment``
                   cuda_oom                   config     a device named in the framework's own words (Paddle's ``Out
                                                         of memory error on GPU 0``), before host_oom: Paddle prints a
                                                         bare ``MemoryError:`` for it too
                   host_oom                   config     ``oom-kill event(s)``, ``out-of-memory handler``, ``Out of
                                                         memory: Killed process``, ``OOM Killed``, srun ``task N:
                                                         Out Of Memory``, Slurm ``exceeded memory limit``,
                                                         ``Cannot allocate memory`` ([Errno 12], a thread's
                                                         memory), ``std::bad_alloc``, ``DefaultCPUAllocator:``,
                                                         ``MemoryError``, numpy ``_ArrayMemoryError``, Ray's
                                                         ``killed due to the node running low on memory`` /
                                                         ``NODE_OUT_OF_MEMORY`` / ``memory pressure (OOM)``,
                                                         Kubernetes ``OOMKilled`` / ``low on resource: memory``,
                                                         the kernel's ``invoked oom-killer`` in a syslog,
                                                         Dask's ``Worker exceeded 95% memory budget``, Ray's
                                                         ``ObjectStoreFullError``, YARN's ``Container killed ...
                                                         physical memory``, Java's ``OutOfMemoryError``, OpenCV's
                                                         ``Insufficient memory``; a scheduler's memory-limit kill
                                                         (LSF ``TERM_MEMLIMIT`` / ``TERM_SWAP``, PBS ``mem N
                                                         exceeded limit``,
                                                         Moab, Ray's memory monitor, ``OOM Killer``, HTCondor's
                                                         ``Job has gone over memory limit``);
                                                         TF's ``OOM when allocating tensor ... device:CPU:0 by
                                                         allocator cpu`` (the host's allocator), Windows'
                                                         ``[WinError 1455]`` (a paging file too small)
                   disk_full                  config     TF's ``ResourceExhaustedError: <ckpt>.tempstateN`` (a
                                                         checkpoint's temporary file; before cuda_oom)
                   cuda_oom                   config     ``CUDA out of memory`` (all wordings; NPU/MLU/MUSA too),
                                                         ``CUDA_ERROR_OUT_OF_MEMORY``, ``CUBLAS_STATUS_ALLOC_FAILED``,
                                                         NCCL ``Cuda failure 'out of memory'``, TF ``OOM when
                                                         allocating tensor`` / ``ResourceExhaustedError``, the old
                                                         ``THCudaCheck FAIL ... out of memory``, TF ``Non-OK-status
                                                         ... Internal: out of memory``, ``Dst tensor is not
                                                         initialized``, ``Blas GEMM launch failed``, cuDNN failing
                                                         to initialise, XLA
                                                         ``RESOURCE_EXHAUSTED: Out of memory`` / ``Attempting to
                                                         reserve`` (TPU), TensorRT's ``Requested amount of GPU
                                                         memory ... could not be allocated``, vLLM's max length
                                                         ``larger than ... KV cache``, CatBoost's
                                                         ``TOutOfMemoryError``, OpenCL's ``Memory Object
                                                         Allocation Failure``, PhysX's device allocator, Ascend's
                                                         ``Memory_Allocation_Failure(EL0004)``
                   disk_quota                 config     ``Disk quota exceeded`` / ``[Errno 122]`` / EDQUOT
                   disk_full                  config     ``No space left on device`` / ``[Errno 28]`` / ENOSPC,
                                                         datasets ``Not enough disk space``, TF ``Could not append
                                                         to the internal temporary file``, Kubernetes evictions
                                                         for ``ephemeral-storage`` / ``DiskPressure``, Rust's
                                                         ``(os error 28)`` / ``(os error 112)``; a writer failing
                                                         with no errno: torch.save's ``PytorchStreamWriter failed
                                                         writing file`` / ``unexpected pos A vs B``, C++'s
                                                         ``basic_ios::clear: iostream error``
4      stopped     cancelled_outside          unknown    LSF ``TERM_OWNER`` / ``TERM_ADMIN`` (``FORCE_`` too),
                                                         ``TERM_BUCKET_KILL``; slurmstepd
                                                         ``*** JOB n ON host CANCELLED AT t ***`` with
                                                         no reason, and the job ended by TERM: a person's scancel
                                                         (srun prints the line too when a task failed, but then
                                                         the job does not end by TERM); torchrun stopped by
                                                         SIGINT (``Received 2 death signal``), or a Python
                                                         ``KeyboardInterrupt``: a person's Ctrl-C
                   terminated                 transient  the job's own exit by SIGTERM / SIGINT / SIGHUP (also
                                                         128+N): someone stopped it
5      setup       submit_rejected            config     ``sbatch: unrecognized option '--x'`` (an older Slurm)
                   submit_rejected            config     ``srun: error: Unable to allocate resources``, sbatch
                                                         ``Batch job submission failed``, srun ``Unable to create
                                                         step``, each with a reason that is the job's; Dataflow
                                                         ``Unable to bring up enough workers``; qsub (PBS's, Grid
                                                         Engine's ``Unable to run job:``), LSF (``Job
                                                         not submitted``), clouds' quotas (Vertex ``quota metrics
                                                         exceed quota limits``), Kubernetes' ``0/N nodes are
                                                         available`` (a pod nobody can place)
                   version_mismatch           config     a build without this GPU's kernels: ``no kernel image is
                                                         available``, ``invalid device function`` (CUDA and
                                                         HIP), ``sm_86 is not compatible with the current PyTorch
                                                         installation``
                   driver_mismatch            config     ``driver version is insufficient``, ``driver ... is too
                                                         old``, ``device kernel image is invalid``, MIOpen
                                                         ``Code object build failed``, NVRTC ``invalid value for
                                                         --gpu-architecture``, a PTX ``compiled with an unsupported
                                                         toolchain``, nvidia-container-cli ``requirement
                                                         error`` / ``initialization error``, NVML ``Driver/library
                                                         version mismatch``, ``NVIDIA-SMI has failed``; podman's
                                                         ``unresolvable CDI devices`` (no container toolkit)
                   no_gpu                     config     OpenCL trainers' ``No OpenCL device found``
                   no_gpu                     config     ``No CUDA GPUs are available``, ``Torch not compiled with
                                                         CUDA enabled``, ``no CUDA-capable device``, ``invalid
                                                         device ordinal``, IPEX ``device_id is out of range``,
                                                         ``no GPUs found``, a TPU/GPU ``already in use``,
                                                         ``Found no NVIDIA driver``, docker's ``could not select
                                                         device driver ... [[gpu]]``
                   tls_error                  config     ``CERTIFICATE_VERIFY_FAILED``, ``self-signed certificate
                                                         in certificate chain``, a certificate for another host
                                                         (``hostname 'x' doesn't match``), ``WRONG_VERSION_NUMBER``
                   missing_file               config     Slurm's client with no configuration (``s_p_parse_file:
                                                         unable to status file .../slurm.conf``, configless ``Could
                                                         not establish a configuration source``); Caffe's snapshot
                                                         unwritten (``Check failed: proto.SerializeToOstream``: its
                                                         folder missing; a full disk at the end names disk_full)
                   auth_error                 config     ``Munge encode failed``, ``... has authentication error``
                   missing_credentials        config     Kaggle's ``Could not find kaggle.json``, Comet's ``requires
                                                         an API key``
                   missing_credentials        config     ``Unable to locate credentials`` (NoCredentialsError),
                                                         wandb ``api_key not configured``, ``Token is required``,
                                                         ``must provide ... credentials``, OpenAI's ``api_key
                                                         client option must be set``
                   auth_error                 config     a tracker's ``Your API token is invalid``, ``Invalid API key``
                   auth_error                 config     ``Cannot access gated repo``, ``Unauthorized for url``,
                                                         ``AccessDenied``, ``(403)``, urllib's ``HTTP Error 401/403``
                                                         (not GitHub's ``403: rate limit exceeded``: the network
                                                         tier's rate limit); then ``Repository Not Found for url`` /
                                                         datasets' ``Dataset 'x' doesn't exist on the Hub`` / W&B's
                                                         ``project not found`` is bad_arguments (a wrong id, or one
                                                         the token may not see); then a
                                                         bare ``401/403 Client Error`` is auth_error; Azure
                                                         ``AuthorizationFailure``, Google ``invalid_grant`` /
                                                         ``invalid_scope`` / ``RefreshError``; S3's ``Access
                                                         Denied``, GCS ``AccessDeniedException: 403`` / ``does not
                                                         have storage.x.y access``, a registry's ``requested access
                                                         to the resource is denied``, ``(403 Forbidden)``, a gated
                                                         repo in transformers'/torchtune's words (``trying to
                                                         access a gated repo``), AWS IAM's ``is not authorized to
                                                         perform: x`` / ``(AccessDeniedException) when calling``; ssh
                                                         launchers' ``No authentication methods available`` /
                                                         ``Host key verification failed``; gdown's ``Cannot
                                                         retrieve the public link``, Git LFS ``over its data quota``
                   corrupt_checkpoint         config     ``PytorchStreamReader failed``, ``invalid load key``,
                                                         safetensors ``HeaderTooLarge``, ``Unsupported operand``,
                                                         TF ``DataLossError`` / ``Checksum does not match``, MXNet
                                                         ``Invalid NDArray file format``, GGUF ``invalid magic``
                                                         (a model file that is not one), LightGBM ``Model format
                                                         error``
                   rate_limited               transient  (a guard) a tfds checksum that does not match what
                                                         Google Drive served (``Artifact https://drive.google.com/``):
                                                         its quota page saved in place of the file, before
                                                         version_mismatch's ``NonMatchingChecksumError``
                   version_mismatch           config     Triton failing to compile an installed library's kernel
                                                         (``CompilationError: at 4:31:``), unsloth's ``Please import
                                                         Unsloth before peft``; XGBoost's and LightGBM's builds
                                                         without GPU support
                   version_mismatch           config     datasets 4's ```trust_remote_code` is not supported
                                                         anymore``, Keras 3's ``filepath provided must end in
                                                         `.keras```, bitsandbytes' ``CUDA Setup failed despite GPU
                                                         being available``
                   version_mismatch           config     ``Transformers does not recognize this architecture``,
                                                         a CUDA that ``does not match the version torch was compiled
                                                         with``, tokenizers ``untagged enum``, datasets
                                                         ``Dataset scripts are no longer supported``, protobuf
                                                         ``Descriptors cannot be created directly``, ``undefined
                                                         symbol:`` (in an exception or after a ``.so`` path), an
                                                         exception's ``requires X version N or above``, torch 2.6
                                                         ``Weights only load failed``, cuDNN ``Loaded runtime CuDNN
                                                         library``, ``No module named 'torch._six'`` (any part a
                                                         known framework's release lacks: ``tensorflow.contrib``;
                                                         a CUDA runtime the build wants: ``ImportError:
                                                         libcudart.so.8.0: cannot open``), an exception
                                                         saying ``requires x>=1.2``, jax ``jaxlib is version X, but
                                                         this version of jax``, ``cannot import name 'x' from
                                                         'pkg' (/path)`` (a circular import's ``partially
                                                         initialized module`` is not), an exception's ``module 'x'
                                                         has no attribute 'y'``, onnxruntime's ``Unknown model file
                                                         format version``, a symbol ``version X not defined in
                                                         file``, old pycocotools on new numpy;
                                                         a model config newer than the library (``rope_scaling must
                                                         ...``), pybind11's ``generic_type: ... already defined``
                                                         (two builds of an extension), docker's ``unknown flag:
                                                         --gpus`` (a client before 19.03), argparse's ``invalid
                                                         typing.X value``, Hydra 1.2 refusing 0.11's ``config_path``;
                                                         an op JIT-built at start that does not build (``Error
                                                         building extension 'x'``, ``ninja: build stopped``),
                                                         StableHLO from a newer jax (``unknown vhlo type code``);
                                                         TF's ``DNN library is not found`` (no usable cuDNN),
                                                         jax calling jaxlib with another release's arguments
                                                         (pybind11's signature listing ``jaxlib.xla_extension.``),
                                                         ``NonMatchingChecksumError`` (a source no longer matching
                                                         the checksum the installed release registered);
                                                         numpy's ABI banner
                                                         (not fatal)
                   corrupt_checkpoint         config     any other ``UnpicklingError``; ``Ran out of input``
                   state_dict_mismatch        config     ``Error(s) in loading state_dict``, ``size mismatch
                                                         for``, ``Missing/Unexpected key(s) in state_dict``, an
                                                         optimizer state whose groups differ, ZeRO's ``used a DP
                                                         world size of N``, Flax ``ScopeParamShapeError``, TF
                                                         ``Key x not found in checkpoint``, TF1's ``Restoring from
                                                         checkpoint failed. This is most likely due to a mismatch``,
                                                         Keras' ``You are trying to load a weight file containing N
                                                         layers into a model with M layers`` / ``Layer count
                                                         mismatch``
                   nan_loss                   config     a reward or return gone NaN (``reward: nan``)
                   nan_loss                   config     ``Loss is nan``, ``non-finite loss``, ``returned nan
                                                         values``, ``is non-finite``, ``FloatingPointError``,
                                                         DeepSpeed ``loss scale already at minimum``, Keras
                                                         ``loss: nan``, TF ``Nan in summary histogram``, Lightning
                                                         ``Monitored metric ... = nan is not finite``, ``NaN
                                                         detected in``, JAX ``invalid value (nan) encountered``,
                                                         Megatron ``found NaN in local grad norm``, any ``NaN
                                                         loss``, ESPnet's ``gradients at all steps are invalid``,
                                                         a distribution's ``found invalid values`` / ``The parameter
                                                         loc has invalid values`` (NaN params), Keras'
                                                         TerminateOnNaN (``Invalid loss, terminating training``)
                   missing_module             config     ``ModuleNotFoundError`` / ``ImportError`` lines; ``No
                                                         module named`` at a line's start or in an exception's
                                                         message; ``requires the X library but it was not found``;
                                                         pip's indented ``ModuleNotFoundError`` of a build;
                                                         torchaudio ``Couldn't find appropriate backend``;
                                                         gymnasium ``NamespaceNotFound``, Isaac Gym's ``No gym
                                                         module found``;
                                                         ``python: No module named X`` / ``Error while finding
                                                         module specification`` (``python -m`` in an environment
                                                         without it), Hydra's ``Error locating target``, Beam's
                                                         ``Unable to get the Filesystem for path gs://`` (no GCS
                                                         extra installed)
                   connection_error           transient  datasets' streaming ``FileNotFoundError: hf://...``: a failed
                                                         Hub request it reports as a missing file (retried once; a
                                                         file really missing then fails alike and is held)
                   missing_file               config     DVC's ``failed to pull data from the cloud - Checkout
                                                         failed``, ``No file hash info found``
                   missing_file               config     ``FileNotFoundError``; ``python: can't open file``; TF
                                                         ``NotFoundError ... No such file or directory``; a local
                                                         path taken for a repo id (``Repo id must be in the form``);
                                                         an ``OSError`` that a ``.so`` is missing; TF ``Parent
                                                         directory of X doesn't exist``, Hydra ``Cannot find
                                                         primary config``, an image a registry does not have, a
                                                         bucket that does not exist, a library Paddle ``depends on``
                                                         and cannot open, a hub ``404 ... Not Found``
                                                         (a revision or file), MLflow's ``source path does not
                                                         exist``, ``HTTP Error 404: Not Found``, MuJoCo's
                                                         ``Could not open activation key file``;
                                                         HF with look-ups off and the files not cached (``outgoing
                                                         traffic has been disabled``, ``offline mode is enabled``)
                                                         or a path taken for a hub id the hub does not have (``x is
                                                         not a local folder and is not a valid model identifier``);
                                                         Hydra's ``In 'x': Could not find 'group/option'``,
                                                         ``MissingConfigException``; a dataset empty or missing
                                                         (``num_samples=0``, ``Found 0 files in subfolders``, ``No
                                                         training images were found``, an exception saying a
                                                         root/dir/path ``doesn't exist`` or ``does not contain``),
                                                         GitPython's ``InvalidGitRepositoryError``
                   file_locked                config     HDF5's ``unable to lock file, errno = N`` (``driver lock
                                                         request failed``): another process holds the file (two
                                                         ranks or two jobs on one .h5), or the file system has no
                                                         locks; ``HDF5_USE_FILE_LOCKING=FALSE`` or one writer fixes it
                   bad_arguments              config     a launch that cannot set itself up: MPI's
                                                         start-up (``Fatal error in PMPI_Init_thread``, UCX's ``no
                                                         usable transports/devices``, Open MPI's ``unable to reach
                                                         each other``), srun's ``task N launch failed: Unspecified
                                                         error``, ``ssh: Could
                                                         not resolve hostname`` (a host spec; before dns_error), gloo's
                                                         ``makeUVDevice(): interface or hostname can't be empty``,
                                                         NCCL's ``no socket interface found``, a ``data/model/...
                                                         parallel group is not initialized``, TF's ``File system
                                                         scheme 'x' not implemented``
                   corrupt_data               config     a data file that is not the format it claims (``Parquet
                                                         magic bytes not found``, TFRecord's first record, an image
                                                         or a sound file its decoder cannot identify): a person
                                                         replaces the file
                   permission_denied          config     ``PermissionError``, ``[Errno 13]``, c10d ``errno: 13``,
                                                         ``[Errno 30] Read-only file system``, TF ``Permission
                                                         denied: path``, coreutils ``mkdir: cannot ...: Permission
                                                         denied``, nvidia-container-cli's ``permission denied``,
                                                         ``[Errno 1] Operation not permitted``,
                                                         Windows' ``[WinError 5]`` / ``Access is denied.`` /
                                                         ``[WinError 1314]``
                   bad_arguments              config     argparse ``error: unrecognized arguments`` / ``the
                                                         following arguments are required`` / ``invalid ...``;
                                                         Lightning ``MisconfigurationException``; NCCL
                                                         ``invalid usage`` / ``invalid argument`` and a socket
                                                         interface it cannot find; DeepSpeed's batch check;
                                                         TensorRT's missing optimization profile; S3's
                                                         ``RequestTimeTooSkewed``; NCCL
                                                         ``Duplicate GPU detected`` (two ranks on one device),
                                                         srun ``... are mutually exclusive``, click ``Error: No
                                                         such command``, ``Your setup doesn't support bf16``,
                                                         Hydra/OmegaConf overrides and keys the config lacks,
                                                         YAML that does not parse, ``CatboostError: Invalid
                                                         param``, Ray's ``Failed to connect to GCS at address :N``
                                                         (an empty head address); what the hardware or the launch
                                                         cannot give: BatchNorm's ``Expected more than 1 value per
                                                         channel when training`` (a batch of one), a dtype the GPU
                                                         lacks (``only supported on GPUs with compute capability``,
                                                         FlashAttention on pre-Ampere), GradScaler's ``Attempting to
                                                         unscale FP16 gradients``, Open MPI's ``not enough slots``,
                                                         XLA's ``requires N logical devices, but only M``,
                                                         Lightning's unused DDP parameters,
                                                         Open MPI's ``Your job failed to map`` and ``An error
                                                         occurred in MPI_Init``, MXNet's ``too many slices`` (fewer
                                                         samples than devices); a Go CLI's ``unknown flag:``, clap's
                                                         (Rust) ``error: unexpected argument``;
                                                         ``[Errno 22] Invalid argument: 'path'`` / ``[WinError 123]``
                                                         (a path the OS refuses), ``[Errno 95] Operation not
                                                         supported``; a launcher's variable missing from the
                                                         environment (``KeyError: 'RANK'`` / ``'LOCAL_RANK'`` /
                                                         ``'MASTER_ADDR'`` / ``'SLURM_PROCID'``...: started without
                                                         its launcher); a backend this torch lacks (``Distributed
                                                         package doesn't have NCCL built in``: Windows, macOS); the
                                                         TF2 Object Detection API refusing its fine_tune_checkpoint
                                                         (``Checkpoint is expected to be an object-based
                                                         checkpoint``); DeepSpeed's ssh probe of a host (``ssh -o
                                                         PasswordAuthentication=no host hostname`` exiting 255, ``was
                                                         not reachable via ssh``: no key, port or name for it)
                   command_not_found          config     Open MPI's ``MCA parameter "plm_rsh_agent" was set to a
                                                         path that could not be found`` (no ssh in the image)
                   command_not_found          config     the shell's ``...: command not found``, Go's ``exec:
                                                         "x": executable file not found in $PATH``, enroot
                                                         ``failed to execute: /bin/bash: No such file``,
                                                         audioread ``NoBackendError`` (no ffmpeg), a workflow
                                                         engine's ``exit status (127)``,
                                                         mpirun's ``was unable to find the specified executable``,
                                                         MPICH's ``execvp error``, slurmstepd's ``execve(): x: No
                                                         such file or directory`` (the step's program), cmd.exe's
                                                         ``is not recognized as an internal or external command``
6      bug         cuda_device_assert         code       ``device-side assert triggered``, or only the kernel's
                                                         ``thread: [..] Assertion `...` failed.`` lines (or its
                                                         ``file.cu:N: ... block: [..], thread: [``, the line wrapped)
                   shape_mismatch             code       numpy's ``cannot reshape array of size N into shape``
                   shape_mismatch             code       ``mat1 and mat2 shapes``, ``size of tensor a``, ``is
                                                         invalid for input of size``, ``batch_size``, channels,
                                                         Keras ``Shapes (..) and (..) are incompatible``, TF
                                                         ``Dimensions must be equal``, ``var and grad do not have
                                                         the same shape``, JAX's ``vmap/pmap got inconsistent
                                                         sizes``;
                                                         a loss given targets of the wrong rank (``multi-target not
                                                         supported``, ``dimension specified as N but tensor has no
                                                         dimensions``), ``cannot reshape tensor of 0 elements``,
                                                         BatchNorm's ``running_mean should contain N elements not M``,
                                                         numpy's ``cannot copy sequence with size N to array axis
                                                         with dimension M``, torch.stack's ``stack expects each
                                                         tensor to be equal size``
                   device_mismatch            code       autograd's ``returned an invalid gradient at index N -
                                                         expected type ... device=``
                   device_mismatch            code       ``Expected all tensors to be on the same device``,
                                                         ``expected scalar type X but found Y``, c10d
                                                         ``Tensors must be CUDA and dense``, MPS ``Placeholder
                                                         storage has not been allocated``, a random generator on
                                                         another device (``Expected a 'cuda' device type for
                                                         generator but found 'cpu'``)
                   syntax_error               code       ``SyntaxError`` / ``IndentationError`` / ``TabError``
                   name_error                 code       ``NameError`` / ``UnboundLocalError``
                   recursion_error            code       ``RecursionError``, ``maximum recursion depth exceeded``
                   zero_division              code       ``ZeroDivisionError``
                   type_error                 code       JAX's ``Error interpreting argument to f as an abstract
                                                         array`` (a jit-wrapped function given a non-array)
                   type_error                 code       ``TypeError``; JAX ``ConcretizationTypeError`` and
                                                         ``Tracer...ConversionError``; Hydra's quoted
                                                         ``TypeError("...")``
                   attribute_error            code       ``AttributeError`` (and ``ModuleAttributeError``)
                   key_error                  code       ``KeyError``
                   index_error                code       ``IndexError``; TF's ``Received a label value of N which
                                                         is outside the valid range``;
                                                         nll_loss's ``cur_target >= 0 && cur_target < n_classes``
                   programming_error          code       a framework's words for the program's misuse: Keras'
                                                         ``Could not compute output Tensor(``, a custom autograd
                                                         Function's ``incorrect number of gradients``, h5py's
                                                         ``Unable to create link (name already exists)`` and ``Object
                                                         header message is too large``
                   programming_error          code       XLA's own ``during context [hlo verifier]``: what its
                                                         passes made of the program; a retry compiles the same
                   programming_error          code       MPI's error classes for a call the program got wrong
                                                         (``MPI_ERR_TRUNCATE``, MPICH's ``Message truncated``)
                   programming_error          code       ranks that called different collectives
                                                         (``Detected mismatch between collectives on ranks``, ZeRO-3's
                                                         ``disagreement between rank0 and rankN``, NCCL's
                                                         ``Mismatched collective detected``): a path through the
                                                         program that differs by rank; DDP's ``Expected to have
                                                         finished reduction``: a parameter the loss did not use;
                                                         CUDA's ``invalid configuration argument`` (a kernel launched
                                                         with a grid or block it cannot have)
                   not_implemented            code       ONNX's ``Couldn't export Python operator``; TF's XLA
                                                         without a kernel for an op or a shape (``Detected
                                                         unsupported operations when trying to compile graph``)
                   programming_error          code       ``bdb.BdbQuit``: a breakpoint left in a batch job
                   not_implemented            code       ``NotImplementedError``
7      crashed     nccl_error                 transient  NCCL ``NET/IB : Got completion ... with error``: the
                                                         illegal accesses that follow on its ranks are fallout
                   illegal_memory_access      unknown    ``an illegal memory access was encountered``,
                                                         ``misaligned address``, ``unspecified launch failure``,
                                                         ROCm ``HSA_STATUS_ERROR_MEMORY_APERTURE_VIOLATION``
                   segfault                   unknown    ``Segmentation fault``, Windows' access violation
                                                         (``3221225477``, ``0xC0000005``); SIGSEGV reported by a
                                                         launcher (torchrun ``exitcode: -11``, DeepSpeed ``return
                                                         code = -11``, ``<Signals.SIGSEGV: 11>``); the job's own
                                                         SIGSEGV
                   signal_sigabrt             unknown    a C/C++ ``assert()`` that failed, in glibc's words
                                                         (``prog: file.cc:N: func: Assertion `expr' failed.``): an
                                                         abort on an invariant of native code, whatever exit code a
                                                         wrapper reported
                                                         (and Windows' fail-fast abort, 0xC0000409)
                   signal_sigkill             unknown    a launcher's SIGKILL of a rank (``exitcode: -9``,
                                                         ``Signal 9 (SIGKILL) received by PID``, ``return code =
                                                         -9``, srun ``task N: Killed``, bash ``... Killed``, a
                                                         terminal's ``Killed`` alone on its line (each signal's
                                                         word is read alone so: ``Aborted (core dumped)``),
                                                         ``DataLoader worker (pid N) is killed by signal:
                                                         Killed``, Horovod's ``Exit code: 137``); the job's
                                                         own SIGKILL
                   signal_sigill              unknown    a launcher's SIGILL of a rank (TGI's ``signaled to
                                                         shutdown with signal 4``); Windows' 0xC000001D
                   signal_sigfpe              unknown    Windows' integer division by zero (0xC0000094,
                                                         3221225620); a shell's ``Floating point exception (core
                                                         dumped)``; the job's own SIGFPE is named by its signal
                   signal_sigbus              unknown    the job's own SIGBUS; a launcher's SIGBUS of a rank
                                                         (srun ``task N: Bus error``)
                   terminated                 transient  torchrun itself stopped by a signal (``Received 15
                                                         death signal``, ``SignalException: Process N got
                                                         signal: 1/15``; SIGINT is a person's Ctrl-C, read
                                                         as cancelled_outside); a rank's SIGTERM in a launcher's
                                                         summary is its clean-up after another rank failed
8      hung        hang                       transient  state ``hung`` (alive, progress stopped)
9      network     io_error                   transient  ``Input/output error``, ``[Errno 5]``, ``Stale file
                                                         handle``, ``nfs: server X not responding``, ENOLCK
                                                         ``[Errno 37] No locks available``, ``Remote I/O error``,
                                                         a FUSE mount's ``Transport endpoint is not connected``
                   port_in_use                transient  c10d's Windows ``system error: 10048``, ``[WinError 10048]``
                   port_in_use                transient  ``Address already in use``, ``errno: 98``, ML-Agents'
                                                         ``worker number N is still in use``
                   dns_error                  transient  ``Temporary failure in name resolution``, ``Name or
                                                         service not known``, ``[Errno -2/-3]``,
                                                         ``NameResolutionError``, Go's ``no such host``, gloo
                                                         ``Unable to find address for``, musl ``Name does not
                                                         resolve``
                   rate_limited               transient  ``429 Client Error``, ``Too Many Requests``, S3
                                                         ``SlowDown``, AWS ``Throttling``, ``rateLimitExceeded``,
                                                         Azure ``over the account limit``, Google Drive's ``Too
                                                         many users have viewed``, ``toomanyrequests``,
                                                         ``Failed to request URL - 429``, S3's ``503 Slow Down``,
                                                         rclone's ``(429 too_many_requests)``; Slurm's controller
                                                         too busy to take a job (``Slurm temporarily unable to accept
                                                         job``, ``Resource temporarily unavailable``)
                   http_unavailable           transient  a fetch answered by an error page (``Failed to fetch x:
                                                         Expecting value: line 1 column 1``), spaCy's ``Couldn't
                                                         fetch compatibility table``
                   http_unavailable           transient  ``500/502/503/504 Server Error``, GCS ``503 GET``, a
                                                         cloud's capacity shortage (``Unable to provision``),
                                                         ``ServiceUnavailable``, urllib3 ``too many 500 error
                                                         responses``, TF/GCS ``Unavailable: Unexpected response
                                                         code``, Metaflow's ``failed (code 500)``, wandb's ``500
                                                         response executing GraphQL``, MLflow's ``failed with code
                                                         500 != 200``, SkyPilot's ``Failed to
                                                         acquire resources in all zones``
                   nccl_timeout               transient  Ascend HCCL's ``Getting socket times out`` (``Remote Rank did
                                                         not send the data in time``), ``EI0002 ... times out``
                   nccl_timeout               transient  ``Watchdog caught collective operation timeout``, the
                                                         heartbeat monitor's ``watchdog got stuck`` ...
                   nccl_error                 transient  NCCL's result string alone (``unhandled system error`` at
                                                         ``ncclGroupEnd()`` in HugeCTR, Horovod, ...)
                   nccl_error                 transient  ``ncclSystemError`` / ``ncclRemoteError`` /
                                                         ``ncclUnhandledCudaError``, ``NCCL WARN``, ``NCCL error
                                                         in:``, ``NCCL communicator was aborted``, NCCL's ``INFO
                                                         file.cc:N -> 2`` (the trail of an error code), Ascend
                                                         HCCL's ``HCCL error in:``
                   timeout                    transient  a connection's timeout: ``Read timed out``,
                                                         ``ConnectTimeoutError``, ``socket has timed out``,
                                                         ``RendezvousTimeoutError``, ``*TimeoutError`` /
                                                         ``*Timeout`` lines, Go's ``TLS handshake timeout`` /
                                                         ``i/o timeout``
                   connection_error           transient  ``XIO: fatal IO error ... on X server`` (a forwarded display
                                                         that went away)
                   node_failure               transient  mpirun's ``ORTE has lost communication with a remote
                                                         daemon`` (a node or its pod went away)
                   connection_error           transient  UCX's ``Transport retry count exceeded`` (the fabric no
                                                         longer reaches a peer)
                   connection_error           transient  ``Connection reset by peer`` / ``refused`` / ``closed by
                                                         peer``, ``Broken pipe``, ``Max retries exceeded``,
                                                         ``We couldn't connect to``, ``ConnectionError``,
                                                         ``DistNetworkError``, ``LocalEntryNotFoundError``, git's
                                                         ``Failed to connect to ... port``, a TLS handshake cut short,
                                                         a download cut short (``Connection broken:
                                                         IncompleteRead``, ModelScope's ``the download may be
                                                         incomplete``), gRPC ``failed to connect to all
                                                         addresses``, the AWS CLI's ``Could not connect to the
                                                         endpoint URL``, TF/S3's
                                                         ``Unable to connect to endpoint``, curl's error codes,
                                                         tornado's ``StreamClosedError``, py4j's ``Answer from Java side
                                                         is empty``, Go's ``Get "url": EOF`` and ``connect:
                                                         connection refused``, TF's ``UnavailableError: Socket
                                                         closed``; a scheduler's daemon its client cannot reach
                                                         (Slurm's controller, Torque's trqauthd, Grid Engine's
                                                         qmaster, LSF's LIM, Ray's GCS)
                   timeout                    transient  any other ``timed out``; ``DistStoreError``,
                                                         ``EndpointConnectionError``; c10d stores' ``wait timeout
                                                         after N ms`` / ``Timeout waiting for key``, gloo's bare
                                                         ``Wait timeout``; SQLite
                                                         ``database is locked``; wandb ``Couldn't communicate
                                                         with backend after N seconds``
10     last        command_not_found          config     exit code 127
                   not_executable             config     exit code 126
                   bad_arguments              config     pip ``No matching distribution found for X`` (after
                                                         the network tier: an offline pip says the same); pyxis
                                                         ``couldn't start container``; a shell's ``readonly
                                                         variable`` (a remote launch that never ran)
                   missing_file               config     transformers' ``Can't load tokenizer for 'x'. If you were
                                                         trying to load it from`` (or config, weights; nothing of
                                                         the hub's had, no cache): after the network tier, so a
                                                         connection failure in the log (``We couldn't connect to
                                                         'https://huggingface.co'``) says why, and a retry may pass
                   signal_sigabrt             unknown    a launcher's SIGABRT of a rank (``exitcode: -6``)
=====  ==========  =========================  =========  ==================================================

Then, with no rule: another signal -> unknown ``signal_<name>``; exit 0 (done_when did not
hold) -> unknown ``silent_failure``; no exit code -> unknown ``exit_unknown``; else unknown
``exit_<code>``.

Why this order (root cause before symptom):

1. The scheduler's verdict says why it ended the job; a lost runner took the job with it.
2. A GPU that fails makes everything after it fail: CUDA errors, NCCL errors and watchdog
   timeouts on the other ranks, illegal memory accesses. So a hardware line outranks all.
3. Running out of memory, shared memory or disk is why the OOM killer's SIGKILL, a rank's
   death and the others' timeouts happened; it outranks a SIGTERM exit too (a job killed by
   a cgroup's OOM handler can exit by SIGTERM when its wrapper relays the stop).
4. The job's own SIGTERM/SIGINT/SIGHUP: someone stopped it; a traceback it caught earlier
   and went on from is not why it ended.
5. The set-up, then 6. the code: when one rank dies of a missing module or a TypeError, the
   others time out in NCCL or lose their connections, and a launcher reports the rank's exit.
   The set-up comes first because a set-up fault often surfaces as a code-looking error
   later (an import that failed leaves a NameError behind).
7. A crash (illegal memory access, segfault) or a launcher's report that a rank died of a
   signal: the rank that died is why the others print ``Connection closed by peer`` or time
   out. The launcher's summary (torchrun's ``Root Cause`` block, DeepSpeed's ``exits with
   return code = -9``, srun's ``task 3: Killed``) outranks whatever symptom another rank
   printed, so a ``kill -9`` of one rank is ``signal_sigkill`` every time, never
   ``connection_error`` and never ``exit_1`` (the launcher's own exit code). A real cause
   above it (OOM, a code error, a missing module) still wins.
8. A hang outranks transient lines (a retried connection warning did not end the job) but
   not a dead rank.
9. Network and storage symptoms, causes first: a storage error, a taken port or a name that
   does not resolve makes connections fail and collectives time out; a hub's 429 and 5xx
   say more than the retries' connection errors; NCCL's own words before generic ones.
10. Exit codes that say something alone; a tokenizer or config transformers could not load
    (missing) only when no connection failure says why; a launcher's SIGABRT last, because an
    NCCL watchdog aborts its process (the timeout above is the cause).

A few rules (``GUARDS``) stand in a tier of another class, just ahead of the broad rule whose
words they share: TF's ``ResourceExhaustedError`` for a GraphDef past protobuf's 2 GiB
(``programming_error``, before ``cuda_oom``), Lightning's ``No `training_step()` method
defined`` (``programming_error``, before ``bad_arguments``), HDF5's lock held by another
process for now (``io_error``, before ``file_locked``), a download's answer without a ``Content-Length``
(``http_unavailable``, before ``key_error``).

Judgement calls:
    * SIGKILL alone stays unknown (``signal_sigkill``): the kernel OOM killer, an admin's
      ``kill -9`` and a scheduler's escalation look alike. Only a log line that names the OOM
      killer (Slurm prints one), or TF's warning that one host allocation takes more than a tenth
      of the machine's memory just before the kill, makes it ``host_oom``.
    * ``ValueError``, ``RuntimeError``, ``AssertionError`` are not ``code``: libraries raise
      them for data, numerics and environment too. They stay unknown unless a rule says more.
      So do cuBLAS/cuDNN ``EXECUTION_FAILED`` / ``INTERNAL_ERROR`` (memory, set-up or a bug).
    * Python exception names are matched only at the line start (after an optional quote,
      ``[rank3]:``, ``[default0]:``, ``gpu-07: `` or Ray's ``(Worker pid=N)`` prefix, or the two spaces torchrun's
      ``Root Cause`` block indents its traceback by, and a module path such as
      ``botocore.exceptions.``), where a traceback prints its last line: a message that
      merely mentions an exception, or a traceback's source line (``    except KeyError:``),
      does not match. Phrases such as ``Connection refused`` match anywhere.
    * A ``version_mismatch`` "requires x>=1" must stand in an exception's line: pip's
      resolver prints the same words as a warning in jobs that then run fine. numpy's ABI
      banner is printed before an ImportError that a job may catch: it is not ``fatal`` (it
      does not fail an attempt that exited 0 with done_when holding).
    * A Python warning as the warnings module prints it (``.../cuda/__init__.py:138: UserWarning:
      CUDA initialization: The NVIDIA driver on your system is too old``) explains a failure
      only when no other line does (``classify`` tries such lines last): the job printed it
      and went on, and what ended it usually comes later. A spec's own rule may match one first.
    * Log patterns run on RE2 (``tianluo.faults.linear_re``): linear time whatever the log holds, no
      backreferences or lookaround. ``tianluo.shell.logscan`` searches all of them as one alternation
      over each chunk, so one more rule costs little.
"""

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from tianluo.faults.linear_re import UnsupportedPattern, compile_pattern
from tianluo.faults.strerror_l10n import NOENT_L10N
from tianluo.faults.structure_verdict import OBJECT_REPR, PACKAGE_NAME
from tianluo.models.states import FaultClass

TRANSIENT, CONFIG, CODE, UNKNOWN = FaultClass.TRANSIENT, FaultClass.CONFIG, FaultClass.CODE, FaultClass.UNKNOWN

STATES = ("exited", "lost", "hung")


@dataclass(frozen=True)
class Rule:
    """One row of the rulebook; it matches when every condition it sets holds."""

    name: str
    klass: FaultClass
    label: str
    log: str | None = None  # regex searched in a log line
    exit_code: int | None = None
    signal: str | None = None  # "SIGABRT", ...
    state: str | None = None  # "lost" | "hung" | "exited"
    ended_by: str | None = None  # the scheduler ended it: "time_limit", "preempted", ... (JobFacts.ended_by)
    free: bool = False  # the scheduler's fault, not the job's: retried without spending budget
    # A config/code line fails even an attempt that exited 0 with done_when holding (rules.fatal_rule_names);
    # False for text that jobs also print as a warning and then go on (numpy's ABI banner).
    fatal: bool = True

    def __post_init__(self):
        object.__setattr__(self, "klass", FaultClass(self.klass))  # "config" works as well

    @property
    def has_conditions(self) -> bool:
        """A rule with no condition would match everything; such a rule never matches."""
        return any(c is not None for c in (self.log, self.exit_code, self.signal, self.state, self.ended_by))


def compile_patterns(rules: Sequence[Rule]) -> dict:
    """Rule name -> compiled log pattern (RE2, linear time), for the rules that have one (for ``logscan.scan``).

    Raises:
        ValueError: A pattern is invalid or needs backtracking (``linear_re.UnsupportedPattern``);
            the message names the rule.
    """
    out = {}
    for rule in rules:
        if rule.log is None:
            continue
        try:
            out[rule.name] = compile_pattern(rule.log)
        except UnsupportedPattern as exc:
            raise UnsupportedPattern(f"rule {rule.name}: {exc}") from None
    return out


# A traceback's last line starts the line, perhaps after a launcher's prefix: torchrun
# "[rank3]: " / "[default0]:", pdsh or deepspeed "worker-1: " (a host name has a digit, so
# "note: TypeError: ..." in a message is not taken for a traceback), an opening quote (a
# message quoted whole: "OSError: We couldn't connect ...), exactly two spaces (torchrun's
# Root Cause block indents the traceback it quotes; a traceback's source lines have four), or
# Ray's "(TaskRunner pid=84989) " before every line a worker prints (and "(raylet) " before its own processes'), or
# SkyPilot's "(head, rank=0, pid=4773) " / "(worker1, rank=1, pid=2409, ip=10.0.0.5) " before each node's lines, or
# torchx's "trainer/0 [3]:" (role/replica [rank]), or mpirun's --tag-output "[1,0]<stderr>:" (job, rank and stream;
# SageMaker's "[1,mpirank:0,algo-1]<stderr>:" names the host too; the indentation after it is the line's own),
# or Julia's "ERROR: LoadError: " before the exception that ended a script (one LoadError for each file an include
# went through, an InitError for a package's __init__, no "ERROR: " in an IJulia notebook), or pytest's "E       "
# column, or a logger's bracketed fields one after another ("[2024-01-01 12:00:00,123] [ERROR] [train.py:42:main] "),
# or a Markdown quote's "> " (a pasted log), or docker BuildKit's step and seconds ("#8 12.345 "; its summary of a
# failed step puts the seconds alone: "12.345 "), or the "    | " an
# exception group draws its sub-exceptions' tracebacks in (Python 3.11's TaskGroup, anyio), or vLLM's level, time and
# place ("ERROR 09-28 15:47:24 [core.py:718] ", older releases without the bracket), or glog's and absl's
# ("E0318 17:45:05.166686 139645018964352 train.py:426] ").
_PFX = (r"^[\"'`]?(?:ERROR: (?:(?:LoadError|InitError): ){0,3}|(?:LoadError: ){1,3}| {0,4}E {3,16}"
        r"|\[\d+,(?:mpirank:)?\d+(?:,[\w.\-]+)?\]<std(?:err|out)>: {0,8}"
        r"|(?:\[[^\]\n]*\]:? ?){1,4}|> |(?:#\d{1,4} )?\d{1,6}\.\d{1,3} | {0,16}\| "
        r"|(?:DEBUG|INFO|WARNING|ERROR|CRITICAL) \d\d-\d\d \d\d:\d\d:\d\d(?:\.\d{1,6})? \[?[\w.\-]{1,100}:\d{1,7}\] "
        r"|[IWEF]\d{4} \d\d:\d\d:\d\d\.\d{6} +\d+ [\w.\-]{1,100}:\d{1,7}\] "
        r"|[\w.\-]*\d[\w.\-]*: |  "
        r"|\(\w[\w.]* pid=\d+(?:, ip=[^)\n]*)?\) |\((?:head|worker\d*), rank=\d+, pid=\d+(?:, ip=[^)\n]*)?\) "
        r"|\((?:raylet|gcs_server|dashboard_agent|runtime_env_agent)(?:, ip=[^)\n]*)?\) |[\w\-]+/\d+ \[\d+\]: ?)?")


#: A compiler driver's own line, by its name (a cross compiler's prefix, a version suffix, a path before it):
#: ``x86_64-conda-linux-gnu-gcc: error: ...``, ``/usr/bin/g++-11: error: ...``.
_COMPILER = (r"^(?:[\w.+/\-]{0,200}[/-])?(?:gcc|g\+\+|c\+\+|cc|clang(?:\+\+)?|gfortran|f77|f95|nvcc|icc|icpc|icpx|icx"
             r"|ifort|ifx)(?:-\d{1,3})?")

#: make (GNU make, gmake) with no rule for a target, as make before 4.3 quotes it (`so') and as later ones do ('so').
_MAKE_NO_RULE = r"^g?make(?:\[\d+\])?: \*\*\* No rule to make target [`'‘][^'’\n]{1,300}['’]"
#: make's (and SCons') summary of a recipe that failed, before its status or its signal's words: ``make: ***
#: [Makefile:44: proto] Error 127``, ``scons: *** [lib.a] Error 127``, ``make: *** [train] Killed``.
_RECIPE_FAILED = r"^(?:g?make(?:\[\d+\])?|scons): \*\*\* \[[^\]\n]{0,500}\] "
#: bcftools' summary of a file its reader could not open or read (``Failed to read from x.vcf.gz: <why>``).
_BCF_READ_FAILED = r"^Failed to read from .{1,500}: "

#: A desktop or OS probe a program runs at start and goes on without, not there: the shells' words for it.
PROBE_MISSING = (r"^(?:/bin/|/usr/bin/)?(?:ba|da|z)?sh: (?:\d+: |line \d+: )?"
                 r"(?:xdg-user-dir|xdg-open|lsb_release)(?:: command not found|: not found)$")
#: An object's address as C and C++ libraries print it with %p: ``0x55d0c8a4b2c0`` on Linux, ``000001A2B3C4D5E0`` on
#: Windows (FFmpeg's ``[h264_nvenc @ 0x...]`` context, VTK's ``vtkXMLPolyDataReader (0x...)``).
_ADDRESS = r"(?:0x)?[0-9a-fA-F]+"
#: FFmpeg's log prefix naming the codec or context a line is about, up to the codec's name: ``[hevc_nvenc @ 0x5612] ``.
_FFMPEG = r"^\[\w+ @ " + _ADDRESS + r"\] "


def _exc(*names: str) -> str:
    """A pattern for a Python exception line ``[module.]Name: message`` (or a bare ``Name``).

    Anchored, so a traceback's source lines ("    except TypeError:") do not match.
    """
    alts = "|".join(names)
    # (asyncio's report of a task that died with it: ``future: <Task finished ... exception=KeyError(1)>``; Ray's
    # wrapper of a task's or actor's exception, which names its type: ``ray.exceptions.RayTaskError(APITimeoutError):``;
    # a sweep agent's and Optuna's report of a run's exception by its repr: W&B's ``Run 0jbbwa4t errored:
    # IndexError('list index out of range')``, Optuna's ``... because of the following error: ValueError('...')``;
    # torch.compile's wrapper of what a lowering raised, ``torch._inductor.exc.InductorError: <type>: <message>`` (an
    # MPS operator's, quoted whole beside structure.py's reading of the same wrapper); Gym's vector env
    # reporting its worker's: ``Received the following error from Worker-2: TypeError: only size-1 arrays can be
    # converted to Python scalars``; Spark's driver quoting a Python worker's: ``PythonException: 'IndexError: list
    # index out of range'. Full traceback below:``; Ascend CANN's C++ log quoting its Python helper's, after its
    # bracketed fields: ``[cann_kb_pyfunc_mgr.cpp:94][CANNKB][Tid:2440326]"ModuleNotFoundError: No module named``;
    # Python's self-documenting f-string of a caught exception, the docs' own handler: ``Unexpected err=AttributeError(
    # "module 'whisperx' has no attribute 'DiarizationPipeline'"), type(err)=<class 'AttributeError'>``)
    return (r"(?:" + _PFX + r"(?:\w+\.)*(?:" + alts + r")(?::|$|\()|(?:\bexception=|\b(?:err|error|exc)="
            r"|\bRayTaskError\(|\berrored: "
            r"|because of the following error: |\b(?:InductorError|LoweringException): |\berror from Worker-\d+: "
            r"|\bPythonException: '|\]\")"
            r"(?:\w+\.)*(?:"
            + alts + r")[(:)])")


#: Where a library's generic words (numpy's, CPython's) end the job: at a line's start or right after an error's
#: name, not inside a line a program logs and goes on past (``Error: ?`` takes ``ValueError:`` and a handler's
#: ``Error:`` alike).
_ENDS_JOB = r"(?:^\s*|Error: ?)"

#: Where a logger or a wrapper prints an exception's message without its name (``Exception caught: list index out
#: of range``, ``ERROR: division by zero``): at the line's start (after a paste's inline-code mark), or after an
#: error's marker and a colon. Python's own messages (builtins) are then read as their exception's, when the message
#: ends the line; a phrase inside a longer line ("..., skipping sample") is not.
_BARE = (r"(?:^[\s`]*|(?:[Ee]rror|ERROR)(?: (?:during|while|in|when|on) [a-z][\w ]{0,40})?\s*:\s+"
         r"|(?:[Ee]xception|caught|[Ff]ailed|FAILED)\s*:\s+"
         # gRPC's status of a call whose server-side handler raised, quoting the handler's exception's message:
         # ``details = "Exception calling application: 'GP' object has no attribute '_x_train'"``
         r'|\bdetails = "Exception calling application: )')
#: Where a bare message ends: the line's end, or the closing quote of gRPC's ``details`` (``_BARE``).
_BARE_END = r'"?$'

#: Where R puts an error's message: after ``Error in CALL :`` on the error's own line, or on the line under it,
#: indented by two spaces, when the call is long (``Error in lm.fit(x, y, ...) :`` over ``  NA/NaN/Inf in 'y'``).
_R_MESSAGE = r"^(?:Error in .{1,300} ?: +|\s{2})"
#: What R's parser found where it stopped (``Error: unexpected '}' in "}"``, ``analysis.R:12:3: unexpected symbol``).
_R_UNEXPECTED = (r"unexpected (?:'[^'\n]{1,20}'|symbol|numeric constant|string constant|input|end of input|SPECIAL"
                 r"|INCOMPLETE_STRING|assignment)")

# An exception line whose message says more: ``[module.]SomethingError: ...<phrase>``.
_EXC_LINE = _PFX + r"(?:\w+\.)*\w*(?:Error|Exception)\b"

#: Slurm's clients refusing a job for what it asked (sbatch's, salloc's and srun's words): setup's submit_rejected, and
#: the guard that reads it ahead of a stop (``submit_refused_then_stopped``).
_SLURM_REFUSAL = (r"(?:srun|salloc|sbatch): error: (?:Unable to allocate resources|Batch job submission failed"
                  r"|Job submit/allocate failed): (?:Invalid|Requested|Job violates|Node count|More processors"
                  r"|Memory required|Access.permission denied|QOS|Job has invalid|User's group not permitted"
                  r"|Job's account not permitted|Unspecified error|I/O error writing script)")


def _job_state(state: str) -> str:
    """A Slurm job state as other tools report it: Snakemake's executor (``SLURM-job '4982330' failed, SLURM status
    is: 'TIMEOUT'``), submitit (``has not produced any output (state: OUT_OF_MEMORY)``), ``scontrol show job``
    (``JobState=TIMEOUT Reason=TimeLimit``), seff (``State: TIMEOUT (exit code 0)``) and a row of sacct, whose State
    column cuts a state of more than 10 characters with a ``+`` (``OUT_OF_ME+  0:125``, the exit code beside it)."""
    cut = re.escape(state[:9] + "+") if len(state) > 10 else state
    return (rf"SLURM status is:? '?{state}\b|\(state: {state}\)|\bJobState={state}\b|^\s*State: {state}\b"
            rf"|\b(?:{state}|{cut}) +-?\d{{1,3}}:\d{{1,3}}\s*$")


#: Go's words for a signal (its ``syscall.Signal.String``), as ``exec.ExitError`` prints a child that died of it.
_GO_SIGNALS = {4: "illegal instruction", 6: "aborted", 7: "bus error", 8: "floating point exception", 9: "killed",
               11: "segmentation fault"}


def _launcher(number: int, name: str, *words: str) -> str:
    """A launcher's or shell's report that a rank or task died of signal ``number``.

    torchrun/elastic: ``failed (exitcode: -9)`` and the Root Cause block's ``exitcode  : -9`` and
    ``Signal 9 (SIGKILL) received by PID``; DeepSpeed: ``exits with return code = -9``;
    multiprocessing and subprocess: ``died with <Signals.SIGKILL: 9>``, ``terminated with signal SIGKILL``, and before
    Python 3.6 ``returned non-zero exit status -9``; joblib's loky: ``The exit codes of the workers are {SIGKILL(-9)}``;
    srun: ``task 3: Killed``; bash: ``line 28:  8156 Killed  python3 main.py``, and a terminal's shell
    the word alone on its line (``Bus error (core dumped)``); mpirun: ``exited on signal 9 (Killed)``; Paddle's
    launch: ``Container rank 6 status failed cmd [...] code -6 log log/workerlog.6``; make, on a recipe's command:
    ``make: *** [train-nlu] Illegal instruction (core dumped)``, or its status (``Error 137``: 128 + 9); DVC's stage:
    ``failed to run: python3 src/train.py, exited with -4``; UCX's handler (under NCCL, MPI): ``[host:3039 :0:3095]
    Caught signal 7 (Bus error: nonexistent physical address)``; Nextflow's task: ``terminated with an error exit
    status (137)``.
    """
    n = str(number)
    alts = [rf"exitcode\s*: -{n}\b", rf"return code = -{n}\b", rf"Signal {n} \({name}\)",
            rf"Signals\.{name}\b", rf"terminated with signal {name}\b", rf"got signal: {n}$",
            rf"\] Caught signal {n} \(",
            rf"exited on signal {n}\b", rf"\bexit code:? -{n}$", rf"failed with exit code -{n}\b",
            rf"returned non-zero exit status -{n}\b", rf"\bfailed to run: .*, exited with -{n}$",
            # cmdstanpy's report of a Stan chain: ``Error during sampling, chain 1 returned error code -11``
            rf"\breturned error code -{n}\b",
            rf"The exit codes of the workers are \{{.*\b{name}\(-{n}\)",
            rf"\bstatus failed cmd \[.*\] code -{n}\b", _RECIPE_FAILED + rf"Error {128 + number}$",
            # Azure ML's report of the user's process: ``User process 'python' exited with status code 137``
            rf"\bUser process '[^']*' exited with status code {128 + number}\b",
            # Nextflow's report of a process's task: ``Process `ASSEMBLE (1)` terminated with an error exit status
            # (137)``
            rf"\bProcess `[^`\n]{{1,300}}` terminated with an error exit status \({128 + number}\)"]
    if number in _GO_SIGNALS:  # Go's os/exec, as a Go program (ollama, a CLI) reports its child: ``signal: aborted``
        alts.append(rf"\bsignal: {_GO_SIGNALS[number]}\b")
    for word in words:
        alts.append(_RECIPE_FAILED + rf"{word}\b")
        alts.append(rf"tasks? [\d,\-]+: {word}\b")
        alts.append(rf"is killed by signal: {word}\b")  # a DataLoader worker
        alts.append(rf"line \d+: +\d+ {word}\b")
        alts.append(rf"^{word}(?: \(core dumped\))?$")
    return "|".join(alts)


# --- the tiers, in the order they are tried -----------------------------------------------

SCHEDULER: tuple[Rule, ...] = (
    # The scheduler's own verdict: its job state first, then the line slurmstepd writes.
    Rule("ended_time_limit", CONFIG, "time_limit", ended_by="time_limit"),
    Rule("ended_out_of_memory", CONFIG, "host_oom", ended_by="out_of_memory"),
    Rule("ended_preempted", TRANSIENT, "preempted", ended_by="preempted", free=True),
    Rule("ended_node_fail", TRANSIENT, "node_failure", ended_by="node_fail", free=True),
    Rule("ended_boot_fail", TRANSIENT, "boot_failure", ended_by="boot_fail", free=True),
    Rule("ended_deadline", CONFIG, "deadline", ended_by="deadline"),
    Rule("slurm_time_limit", CONFIG, "time_limit", log=r"CANCELLED AT \S+ DUE TO TIME LIMIT"
         r"|MPIEXEC_TIMEOUT environment variable\)|TERM_(?:RUNLIMIT|CPULIMIT|DEADLINE): job killed"
         r"|PBS: job killed: walltime \d+ exceeded limit|Job was active longer than specified deadline"
         # Kubernetes' activeDeadlineSeconds on a pod (an Argo step's, a Job's)
         r"|Pod was active on the node longer than the specified deadline"
         # Torque's job mail ("Aborted by PBS Server"), Moab's
         r"|Job exceeded its walltime limit\. Job was aborted|MOAB_INFO:\s+job exceeded wallclock limit"
         # Grid Engine's execd and qacct (h_rt is its hard run-time limit)
         r"|exceeded hard wallclock time - initiate terminate method|qmaster enforced h_rt\b|exceeded limit h_rt\b"),
    # the scheduler's job state as a workflow engine, a job library or Slurm's own reports quote it
    Rule("reported_time_limit", CONFIG, "time_limit", log=_job_state("TIMEOUT")
         # a serverless platform's limit on one call's run time, set by the job's own definition (Modal's
         # FunctionTimeoutError: "Task's current input in-xyz hit its timeout of 2700s")
         + r"|FunctionTimeoutError: Task's current input \S+ hit its\s*(?:timeout of \d+s)?\s*$"),
    Rule("reported_out_of_memory", CONFIG, "host_oom", log=_job_state("OUT_OF_MEMORY")),
    Rule("reported_preempted", TRANSIENT, "preempted", log=_job_state("PREEMPTED"), free=True),
    Rule("reported_node_fail", TRANSIENT, "node_failure", log=_job_state("NODE_FAIL"), free=True),
    Rule("slurm_preempted", TRANSIENT, "preempted", log=r"CANCELLED AT \S+ DUE TO (?:PREEMPTION|JOB REQUEUE)",
         free=True),
    # LSF's job report: killed for a job of higher priority, when the queue's run window closed, or when the host's
    # load passed its threshold; the job itself was not at fault, and runs again
    Rule("lsf_preempted", TRANSIENT, "preempted", log=r"TERM_(?:PREEMPT|WINDOW|LOAD): job killed", free=True),
    Rule("pbs_node_failure", TRANSIENT, "node_failure", log=r"job preempted \(node failure\)", free=True),
    Rule("slurm_node_failure", TRANSIENT, "node_failure",
         log=r"CANCELLED AT \S+ DUE TO NODE FAIL|(?:salloc|srun): error: Node failure on \S+", free=True),
    # slurmd lost the batch script it was to run: the node's spool, not the job (a reboot mends it).
    Rule("slurm_script_missing", TRANSIENT, "boot_failure",
         log=r"slurmstepd: error: execve\(\): \S*slurm_script: No such file or directory", free=True),
    # A managed cluster's node that did not finish its own set-up (SageMaker HyperPod's lifecycle scripts, run on a
    # freshly mounted FSx that was not yet writable): the node's provisioning, before any job ran on it.
    Rule("node_provisioning", TRANSIENT, "boot_failure",
         log=r"failed to provision with the following error: \S*Lifecycle scripts did not run successfully"),
    Rule("slurm_prolog_failure", TRANSIENT, "node_failure",
         log=r"Prolog failure on node|Job allocation \d+ has been revoked|Job prolog failed", free=True),
    # A node whose clock or munge key no longer agrees with the controller's: srun's step cannot start there.
    Rule("slurm_credential", TRANSIENT, "node_failure", log=r"Job credential expired|Invalid job credential"),
    # slurmstepd cannot join the node's per-job container (job_container/tmpfs: its base folder is gone there)
    Rule("slurm_job_container", TRANSIENT, "node_failure",
         log=r"slurmstepd: error: container_[pg]_join(?::| failed)", free=True),
    # Ray's control plane gave a node up (its raylet died or stopped answering).
    Rule("ray_node_dead", TRANSIENT, "node_failure",
         log=r"marked dead because the (?:detector|monitor) has missed too many heartbeats"
             r"|The actor (?:is dead|died) because its node has died"
             # ... a task's node, or every copy of an object it needed, gone with a node
             r"|\bNodeDiedError: |Task failed due to the node \(node ID: \S+\) dying|are lost due to node failure"
             # Spark's executor gone with its worker (a node Databricks or YARN took back), not a task's failure
             r"|ExecutorLostFailure \(executor \S+ exited unrelated to the running tasks\) Reason: worker lost"
             # JAX's coordination service: a task came back as a new process (its host restarted, or was preempted)
             r"|unexpectedly tried to connect with a different incarnation\. It has likely restarted", free=True),
    # submitit (and jobs like it) caught the scheduler's preemption signal and requeued itself.
    Rule("requeued_preempted", TRANSIENT, "preempted",
         log=r": this job is preempted\b|PreemptionError: |[Nn]odes? of this job got pre-?empted"
             r"|Metadata Service says termination is imminent|Spot [Ii]nstance interruption notice"
             r"|instance was preempted|[Ss]pot (?:instance )?termination notice"
             # SkyPilot's (and gcloud's) word on a spot or TPU VM the cloud took back: ``TPU VM x is in PREEMPTED
             # state``
             r"|\b(?:VM|[Ii]nstance|[Nn]ode|TPU|[Pp]od)\b.{0,200}\bis in PREEMPTED state\b"
             # Ray's own word on an actor whose node was drained for a preemption (ray.exceptions.ActorDiedError)
             r"|the actor's node was preempted"
             # dstack's run whose spot instance the cloud took back (``Run failed with error code
             # INTERRUPTED_BY_NO_CAPACITY``)
             r"|\bINTERRUPTED_BY_NO_CAPACITY\b"
             # the kubelet's graceful node shutdown (a spot node reclaimed, a node drained for maintenance)
             r"|Pod was terminated in response to imminent node shutdown", free=True),
    # A CI runner that vanished under the job (its machine rebooted or lost the network), or a batch job its
    # submitter found gone from the queue unfinished: as a lost runner.
    Rule("runner_lost", TRANSIENT, "lost", log=r"The self-hosted runner: \S+ lost communication with the server"
         # Kaldi's queue.pl finding its Grid Engine job gone from qstat before it finished (a machine that died, a
         # limit's kill: the log cannot tell which)
         r"|queue\.pl: Error, unfinished job no longer exists", free=True),
    # Gone with its runner: nothing the log says ended it.
    Rule("lost", TRANSIENT, "lost", state="lost", free=True),
)

HARDWARE: tuple[Rule, ...] = (
    Rule("gpu_fault", TRANSIENT, "gpu_fault",
         log=r"NVRM: Xid\b|\bXid \(PCI|\bXid:? \d|uncorrectable ECC error|\bECC error|ECC_UNCORRECTABLE"
             # a Vulkan renderer (Isaac Sim, Omniverse) that lost its device mid-run: its GPU crash report lists
             # memory among the possible reasons, which the exhausted tier below would otherwise read
             r"|VkResult: ERROR_DEVICE_LOST|\bVK_ERROR_DEVICE_LOST\b|\] A GPU crash occurred\."
             r"|ECCUncorrectable|fallen off the bus|GPU is lost\b|GPU has fallen|CUDA_ERROR_SYSTEM_NOT_READY"
             r"|Unable to determine the device handle for GPU|Error 802: system not yet initialized"
             # the open kernel module's words for it (``GPU lost from the bus [NV_ERR_GPU_IS_LOST]``), and the driver
             # failing to bring a card up again (``RmInitAdapter failed!``: a GPU that vanished until a reboot)
             r"|GPU lost from the bus|\bNV_ERR_GPU_IS_LOST\b|NVRM: GPU [\w:.]+: RmInitAdapter failed!"
             # a kernel the driver's watchdog stopped (error 6 before CUDA 10, 702 since): a display-bound GPU's
             # time limit, a device or driver that hung; the same program ran on another GPU
             r"|the launch timed out and was terminated|cudaErrorLaunchTimeout|CUDA_ERROR_LAUNCH_TIMEOUT"
             # the device lost in other stacks' words: Intel's Level Zero and Unified Runtime (IPEX, SYCL on an Arc
             # or an iGPU whose driver reset it), Vulkan (llama.cpp's and ncnn's backends)
             r"|\b(?:UR_RESULT|ZE_RESULT|PI)_ERROR_DEVICE_LOST\b|\bVK_ERROR_DEVICE_LOST\b|\bvk::DeviceLostError\b"
             r"|\bErrorDeviceLost\b"
             # Direct3D 12's device removed, hung or reset under DirectML (onnxruntime's, torch-directml's), by
             # its HRESULT or its name
             r"|\b(?:0x)?887[Aa]000[567]\b|\bDXGI_ERROR_DEVICE_(?:REMOVED|HUNG|RESET)\b"
             # the kernel's own words for a GPU that hung or fell away: amdgpu resetting it (its MES firmware not
             # answering), Moore Threads' MTGPU lockups, a PCIe link's fatal uncorrected error (AER) under it
             r"|uncorrectable NVLink error|cudaErrorNvlinkUncorrectable|CUDA_ERROR_NVLINK_UNCORRECTABLE"
             r"|amdgpu: GPU reset begin!|amdgpu: MES failed to respond to msg="
             # (the same from the drm layer, an older kernel's wording: ``[drm:mes_v11_0_... [amdgpu]] *ERROR* MES
             # failed to response msg=3``, ``failed to unmap legacy queue``)
             r"|\[amdgpu\]\] \*ERROR\* (?:MES failed to respon(?:d|se) (?:to )?msg=|failed to unmap legacy queue)"
             r"|experienced error (?:Guilty|Innocent) Lockup|PCIe Bus Error: severity=Uncorrected \(Fatal\)"
             r"|AER: (?:Multiple )?Uncorrected \(Fatal\) error received"),
    # InfiniBand could not register (pin) memory: the locked-memory limit or the HCA, not the host's RAM.
    Rule("ib_enomem", TRANSIENT, "nccl_error",
         log=r"NCCL WARN Call to ibv_\w+ failed with error Cannot allocate memory|Ib failure: Cannot allocate memory"
             # AWS EFA's libfabric provider unable to register its buffers (the same locked-memory limit)
             r"|Libfabric error: \(-12\) Cannot allocate memory|EFA internal error: \(\d+\) Failure to post internal"),
)

EXHAUSTED: tuple[Rule, ...] = (
    # Not memory: a protobuf message (a TF GraphDef with the data baked into it as constants) past protobuf's
    # 2 GiB limit. The program's way of building its graph; no device or host has too little memory (a guard
    # before cuda_oom, which takes every ResourceExhaustedError).
    Rule("message_too_large", CODE, "programming_error",
         log=r"Failed to allocate memory to serialize message of type '[\w.]+' and size \d+"),
    # The process hit its open-files limit; a shared-memory object that cannot be opened is then its symptom.
    Rule("too_many_open_files", CONFIG, "too_many_open_files",
         log=r"\[Errno 24\] Too many open files|\bEMFILE\b|Too many open files$"
             # posix_ipc's words for EMFILE (a shared-memory segment a data reader opens per array)
             r"|\bprocess already has the maximum number of files open\b"
             # R's fixed table of connections (128) full: more PSOCK workers or open files than it holds
             r"|\ball connections are in use\b"
             # torch's file_descriptor sharing: a worker's batch arrived without its descriptor (the fd limit)
             r"|received 0 items of ancdata"
             # inotify's per-user limits (fs.inotify.max_user_instances / max_user_watches), which a node's other
             # pods share: a log tailer or a file watcher (Katib's metrics collector, hpcloud/tail) that cannot start
             # ("FATAL -- failed to create Watcher"); inotify_add_watch's ENOSPC is this limit, not a full disk
             r"|FATAL -- failed to create Watcher|\binotify (?:instance|watch) limit\b"
             r"|User limit of inotify (?:watches|instances) reached|inotify_(?:init1?|add_watch)(?:\(\))?"
             r"(?: failed)?: (?:too many open files|no space left on device)"),
    # The user's limit of processes or threads (ulimit -u, a pids cgroup): fewer workers or a higher limit.
    Rule("process_limit", CONFIG, "process_limit",
         log=r"[Cc]an't start new thread|pthread_create(?:\(\))? failed|[Tt]hread creation failed"
             r"|\bfork: (?:retry: )?Resource temporarily unavailable|[Cc]annot fork|\bRLIMIT_NPROC\b"
             r"|Resource temporarily unavailable \(thread\)"
             # C++'s std::thread that could not start (std::system_error, EAGAIN), uncaught or as pybind11's
             # RuntimeError: the message alone, nothing after it (an I/O layer's EAGAIN names its file or errno)
             r"|^\s*what\(\):\s+Resource temporarily unavailable$|^RuntimeError: Resource temporarily unavailable$"
             # LSF's job report: the queue's or the job's limit of processes or threads (bsub -p, -T) reached
             r"|TERM_(?:PROCESSLIMIT|THREADLIMIT): job killed"
             # PBS's kill of a job that used more CPUs than it asked for (DataLoader workers past ncpus)
             r"|PBS: job killed: ncpus [\d.]+ exceeded limit"),
    Rule("shm_exhausted", CONFIG, "shm_exhausted",
         log=r"insufficient shared memory|unable to (?:write to file|open shared memory object|mmap \d+ bytes from "
             r"file) </torch_|is killed by signal: Bus error|/dev/shm\S*.* No space left on device"
             # (the same report with its line broken after "signal:" by a paste: its own advice says it)
             r"|^Bus error\. It is possible that dataloader's workers are out of shared memory"
             # Open MPI's PMIx keeping its data store in shared memory (a container's small /dev/shm under mpirun)
             r"|PMIX ERROR: OUT-OF-RESOURCE in file dstore/"
             r"|No space left on device\S*.*/dev/shm|shared memory segment /dev/shm"
             r"|\[Errno 28\] No space left on device\.  joblib will operate in serial mode"
             # NCCL's shared-memory transport in a container's small /dev/shm
             r"|Error while creating shared memory segment|NCCL WARN Call to posix_fallocate failed"
             # Paddle's DataLoader workers: "(Unavailable) Memory map failed when create shared memory"; a segment
             # that cannot be created or mapped in other words ("failed to create shared memory", "shared memory
             # allocation failed")
             r"|(?:[Mm]emory map|mmap) failed when creat\w* shared memory|[Ff]ailed to (?:create|allocate|map)"
             r" (?:a |the )?shared memory\b|[Ss]hared memory (?:allocation|creation) failed"
             # a named POSIX segment (shm_open's "/name", or under /dev/shm) left behind by a run that was killed
             # before it unlinked it: the next run cannot create its own
             # (a name with a digit or an underscore: shared_memory's psm_, a library's 000006_locals; a folder at
             # the root a program makes, '/output', is not one)
             r"|\[Errno 17\] File exists: '(?:/dev/shm)?/[^/'\d_]{0,200}[\d_][^/']{0,200}'"),
    # A bus error inside NCCL's shared-memory set-up (a debugger's or a crash handler's frames): the segment NCCL
    # mapped in /dev/shm could not be backed, a container's 64 MiB /dev/shm
    Rule("nccl_shm_bus_error", CONFIG, "shm_exhausted", signal="SIGBUS",
         log=r"\bin ncclShm(?:Open|Setup|Alloc|Map)\w*\(|\bncclShm(?:Open|Setup|Alloc|Map)\w*\+0x"),
    # A device's OOM that the framework also raises as Python's MemoryError (PaddlePaddle): the device named wins.
    # (and a C++ extension's bad_alloc carrying CUDA's own allocation error: MinkowskiEngine's
    # ``MemoryError: std::bad_alloc: cudaErrorMemoryAllocation: out of memory``; Theano's GPU allocator, CNMeM's
    # ``MemoryError: Error allocating 283115520 bytes of device memory (CNMEM_STATUS_OUT_OF_MEMORY).``)
    Rule("device_oom_named", CONFIG, "cuda_oom",
         # (a CUDA extension's thrust allocation; MSVC's runtime spells bad_alloc "bad allocation")
         log=r"Out of memory error on (?:GPU|XPU|NPU|MLU|DCU) \d+|bad_alloc: cudaErrorMemoryAllocation"
             # TensorFlow.js's WebGL backend asked for a texture larger than the browser's GPU allows (a tensor too
             # big for it: a batch, a vocabulary)
             r"|\bRequested texture size \[\d+x\d+\] greater than WebGL maximum\b"
             r"|\bbad allocation: cudaErrorMemoryAllocation\b"
             # RAPIDS' memory manager (cuDF, cuML, cuGraph): its device allocation failing as Python's MemoryError
             # (``MemoryError: std::bad_alloc: out_of_memory: CUDA error at: .../rmm/mr/device/...``); its pool asked
             # for more than the device has free (two executors or workers on one GPU; spark-rapids', dask-cuda's words)
             r"|\bout_of_memory: (?:CUDA error|RMM failure) at: ?\S*rmm/|\brmm::out_of_memory\b"
             r"|Initial pool size exceeds the maximum pool size"
             # Graphcore's poplar out of IPU memory for a stream's buffer
             r"|'poplar_stream_memory_allocation_error': .*\bOut of memory\b"
             # thrust's kernel launch finding no device memory (XGBoost's and cuML's thrust calls under RMM)
             r"|\bparallel_for failed: (?:cudaErrorMemoryAllocation: )?out of memory\b"
             # ... and its allocator's own exception (thrust allocates on the device: ``terminate called after
             # throwing an instance of 'thrust::system::detail::bad_alloc'``, Paddle's argsort raising it)
             r"|\bthrust::system::detail::bad_alloc\b"
             r"|Initial RMM allocation\([\d.]+ MB\) is larger than free memory\("
             # faceswap's own words for a model and batch size the GPU cannot hold
             r"|You do not have enough GPU memory available to train the selected model"
             # Habana Gaudi's (HPU) allocators: a graph's workspace or a tensor that does not fit the device
             r"|MODULE:(?:SYNHELPER|PT_DEVMEM|DEVMEM|PT_BRIDGE)\b.{0,80}\bAllocation (?:of size\b.{0,40} )?failed"
             r"|\bbytes of device memory \(CNMEM_STATUS_OUT_OF_MEMORY\)|\bCNMEM_STATUS_OUT_OF_MEMORY\b"
             # Tenstorrent's (tt-metal under tt-xla) device DRAM, in its words ("Out of Memory: Not enough space")
             r"|Not enough space to allocate \d+ B DRAM buffer"
             # CUDA's driver API refusing a device allocation, as PyCUDA raises it (a MemoryError by name, which
             # host_oom reads)
             r"|\bcuMemAlloc(?:_v2)? failed: out of memory"
             # Theano's GPU backend (a MemoryError by name too)
             r"|Error allocating \d+ bytes of device memory \(out of memory\)"
             # vLLM's engine with no GPU memory left for the KV cache after the weights (the context or the model
             # too large for the card); its own words suggest gpu_memory_utilization
             r"|No available memory for the cache blocks\b"),
    # The dynamic loader unable to place a shared library loaded late into its static TLS block (scikit-learn's or
    # torch's bundled libgomp on aarch64, imported after others): the import fails, whatever the RAM; the fix is
    # LD_PRELOAD or the import order. Before host_oom, whose "Cannot allocate memory" it contains.
    Rule("static_tls_exhausted", CONFIG, "missing_module", log=r"cannot allocate memory in static TLS block"),
    # A process killed by SIGKILL right after TF warned that single host allocations take more than a tenth of the
    # machine's memory: the kernel's OOM killer, whose own line the job's log never holds (it is in dmesg).
    Rule("host_oom_warned", CONFIG, "host_oom", signal="SIGKILL",
         log=r"\bAllocation of \d+ exceeds 10% of (?:free )?system memory\b"
             # ... or after Dask's worker paused at its memory limit's threshold
             r"|\bWorker is at \d+% memory usage\. Pausing worker\b"),
    Rule("host_oom", CONFIG, "host_oom",
         log=r"oom[-_]kill events?\b|out-of-memory handler|Out of memory: Kill(?:ed)? process|OOM Killed"
             # R's memory for its vectors (macOS's limit on R's heap)
             r"|\bvector memory exhausted \(limit reached\?\)"
             # a Fortran program's ALLOCATE past the memory it may have (gfortran's runtime, ifort's)
             r"|^Fortran runtime error: Allocation would exceed memory limit|^forrtl: severe \(41\): insufficient "
             r"virtual memory"
             # Arrow's allocator refused (pyarrow building a table or a shard bigger than the memory left); DyNet's
             r"|\bArrowMemoryError: (?:re|m|c)alloc of size \d+ failed|\bCPU memory allocation failed\b"
             # runc's start of a container whose memory limit is below what its init needs (a pod's limits)
             r"|container init was OOM-killed"
             # JavaScript's engines out of memory: Node's heap past its limit, a typed array or WebAssembly memory the
             # browser or Node could not allocate (a model's weights in a page or a worker)
             r"|\bJavaScript heap out of memory\b|\bArray buffer allocation failed\b"
             r"|\bCannot allocate Wasm memory\b|\bWebAssembly\.Memory\(\): could not allocate memory\b"
             # Metaflow's report of a step's pod or container killed for its memory
             r"|\bTask ran out of memory\. Increase the available memory for the step\b"
             r"|task \d+: Out Of Memory|exceeded memory limit \(|Exceeded job memory limit|DefaultCPUAllocator: "
             r"|_ArrayMemoryError|\bSystem\.OutOfMemoryException\b|Unable to allocate [\d.]+ [KMGTP]i?B for an array"
             r"|[Cc]annot allocate memory|std::bad_alloc$|killed due to the node running low on memory"
             # Ray's memory monitor's advice after it killed a task or an actor (the report above it may be cut)
             r"|Refer to the documentation on how to address the out of memory issue: \S*ray-oom-prevention"
             r"|Worker exit type: NODE_OUT_OF_MEMORY|killed due to memory pressure \(OOM\)|\bOOMKilled\b"
             r"|invoked oom-killer|oom_reaper: reaped process|The node was low on resource: memory"
             r"|ObjectStoreFullError|Worker (?:\S+ )?(?:\(pid=\d+\) )?exceeded \d+% memory budget"
             r"|Memory use is high but worker has no data"
             # Ollama refusing to load a model bigger than the host's free memory
             r"|\bmodel requires more system memory \([\d.]+ [KMGT]i?B\) than is available\b"
             # Dask's scheduler: a task whose inputs alone exceed a worker's memory limit
             r"|worth of input dependencies, but worker \S+ has memory_limit set to"
             # Databricks' notebook when its driver died (its memory, most often: a collect, too many parallel jobs)
             r"|The spark driver has stopped unexpectedly and is restarting"
             r"|Insufficient memory\) Failed to allocate|Container killed by YARN for exceeding physical memory"
             # (Spark's own wording of the YARN kill, physical or virtual memory)
             r"|Container killed by YARN for exceeding memory limits\b"
             # Torch7's CPU allocator; LuaJIT's own heap (its GC'd memory is capped, 1 to 2 GB on older builds)
             r"|\bTorch: not enough memory: you tried to (?:re)?allocate\b"
             r"|PANIC: unprotected error in call to Lua API \(not enough memory\)"
             r"|TERM_MEMLIMIT|TERM_SWAP: job killed|exceeded MEM usage (?:hard )?limit"
             r"|PBS: job killed: v?p?mem (?:job total )?\d+ ?\w* exceeded limit"
             # Grid Engine's execd killing a job over its h_vmem (or h_rss) limit, in the job's summary mail
             r"|execd enforced h_(?:vmem|rss) limit\b"
             r"|Job exceeded a memory resource limit|which exceeds the memory usage threshold of"
             r"|killed by \"?OOM Killer|[Hh]as gone over (?:its |the |cgroup )?memory limit"
             # Rust's global allocator (tokenizers, a Rust data loader) before its abort
             r"|^memory allocation of \d+ bytes failed\s*$"
             # an HTCondor pool's periodic hold policy on memory (condor_q's hold reason)
             r"|\bput on hold by \w*PERIODIC_HOLD due to memory\b"
             r"|java\.lang\.OutOfMemoryError"
             # Julia's own (a GPU's is CUDA.jl's ``Out of GPU memory``, cuda_oom's)
             r"|^ERROR: (?:LoadError: )?OutOfMemoryError\(\)$"
             # TF's OOM in the host's allocator (not a GPU's); Windows' paging file that cannot grow
             r"|OOM when allocating tensor .*device:CPU:\d+ by allocator|\[WinError 1455\]"
             # ... as a C++ check reports it (Ray's raylet mapping its object store on Windows)
             r"|\bGetLastError\(\) = 1455\b"
             # ... or as torch's shared memory on Windows reports it (a DataLoader's workers sharing tensors)
             r"|\bCouldn't open shared file mapping: <\w+>, error code: <1455>"
             r"|Memory cgroup out of memory: Kill|"
             # a compiler killed mid-build (the OOM killer's SIGKILL, a parallel build of an extension or of LLVM
             # with more jobs than memory): gcc's, nvcc's and clang's words
             r"fatal error: Killed signal terminated program (?:cc1plus|cc1|lto1|collect2|as)\b"
             r"|collect2: fatal error: ld terminated with signal 9\b"
             r"|'(?:cicc|ptxas|cudafe\+\+)' died due to signal 9\b|error: unable to execute command: Killed\b|"
             + _exc("MemoryError")),
    # An allocation of a million GiB or more is no batch too big: a size computed negative and wrapped to 2^64 bytes
    # (k2's get_incoming_arcs on an invalid FSA: "Tried to allocate 17179869182.18 GiB"): the program's (or its
    # library's) bug, which a smaller batch does not cure.
    Rule("wrapped_allocation", CODE, "programming_error", log=r"Tried to allocate \d{7,}(?:\.\d+)? GiB\b"),
    # TF writes a checkpoint through a temporary file; a ResourceExhaustedError naming it is the disk.
    Rule("tf_checkpoint_disk_full", CONFIG, "disk_full",
         log=r"(?:ResourceExhaustedError|Resource exhausted): \S*\.tempstate\d+|\.tempstate\d+: Resource exhausted"),
    Rule("cuda_oom", CONFIG, "cuda_oom",
         log=r"CUDA out of memory|(?:CUDA|HIP) error: '?out of memory|hipErrorOutOfMemory"
             # (torch's account of the allocation that failed, quoted without the words before it)
             r"|^Tried to allocate [\d.]+ [KMGT]i?B \(GPU \d+; [\d.]+ [KMGT]i?B total capacity;"
             # (NCCL's words, with cudaError's number before its string in newer releases: ``Cuda failure 2 'out of
             # memory'``)
             r"|Cuda failure (?:\d+ )?'?out of memory"
             # MXNet's pooled GPU allocator in its oldest releases' words (later ones name cudaMalloc)
             r"|pooled_storage_manager\.h:\d+: Memory allocation failed"
             # a Triton kernel asking for more on-chip shared memory than this GPU has (its block sizes or stages were
             # tuned on a bigger card, or a head dimension past what one block can hold)
             r"|OutOfResources: out of resource: shared memory, Required: "
             # Intel's GPUs under SYCL: Level Zero's unified runtime, and the older plugin interface's code -5
             r"|\bUR_RESULT_ERROR_OUT_OF_DEVICE_MEMORY\b|Native API returns: -5 \(PI_ERROR_OUT_OF_RESOURCES\)"
             # XGBoost's device allocator (gpu_hist) saying what it asked for and what the GPU had left
             r"|^\s*- Requested memory: \d+\s*$"
             # TGI's and LoRAX's warmup: the model's weights left too little of the GPU for the prefill batch asked
             r"|\bNot enough memory to handle \d+ (?:prefill )?tokens\b"
             # TF's BFC allocator dumping its chunks, which it does when an allocation failed (the OOM line after it
             # cut from a paste)
             r"|bfc_allocator\.cc:\d+\] Sum Total of in-use chunks: "
             # MindSpore and CANN on an Ascend NPU: the device's memory (HBM) cannot hold the allocation
             r"|Malloc device memory failed, size\[\d+\]|\] The device memory is not enough\b"
             r"|CUDA_ERROR_OUT_OF_MEMORY|NCudaLib::TOutOfMemoryError|Memory Object Allocation Failure"
             r"|PxgCudaDeviceMemoryAllocator fail to allocate"
             # vLLM's engine finding less free memory at start than gpu_memory_utilization reserves (another
             # process holds the rest)
             r"|Free memory on device \([\d.]+/[\d.]+ GiB\) on startup is less than desired GPU memory"
             # cuBLAS unable to create its handle (its workspace) on a GPU whose memory is taken: torch's and CNTK's
             # words; every corpus author of them reads the memory
             r"|CUBLAS_STATUS_NOT_INITIALIZED when calling `cublasCreate\(handle\)`"
             r"|CUBLAS_STATUS_NOT_INITIALIZED ; GPU=\d+ ; .*\bexpr=cublasCreate\("
             # HAMi's vGPU layer (a Kubernetes device plugin) refusing an allocation past the pod's memory quota
             r"|\[HAMI-core ERROR \([^)]*\)\]: Device \d+ OOM \d+ / \d+"
             # Jittor's allocator ("GPU memory is overflow, please reduce your batch_size or data size!"); Julia's
             # CUDA.jl
             r"|\bGPU memory is overflow, please reduce your batch_size"
             # MindSpore's device allocator for an op's output or workspace
             r"|Malloc for kernel (?:output|input|workspace) failed, Memory isn't enough"
             # a program's own check of the free device memory (FastSurfer's ``ERROR - INSUFFICIENT GPU MEMORY``)
             r"|\b(?:INSUFFICIENT GPU MEMORY|[Ii]nsufficient (?:GPU|CUDA|VRAM) memory)\b"
             r"|\bOut of GPU memory trying to allocate\b|\bOutOfGPUMemoryError\b"
             # XLA's (torch_xla, JAX) device memory: a TPU's HBM or a GPU's
             r"|RESOURCE_EXHAUSTED: Error allocating device buffer|That was not possible\. There are \S+ free\b"
             r"|cudaErrorMemoryAllocation|CUBLAS_STATUS_ALLOC_FAILED|CUDNN_STATUS_ALLOC_FAILED"
             # MXNet's pooled allocator after its retry (the words 'retry failed' read as a recovery elsewhere);
             # TF 1/2's stream executor unable to create its cuBLAS or cuDNN handle: the memory TF took at start
             # left none (allow_growth is the usual answer); XLA's own build of the message is not read so
             r"|cudaMalloc retry failed: out of memory"
             # ggml's backends (llama.cpp, whisper.cpp and what bundles them): a device buffer its allocator could
             # not get
             r"|\b(?:cuda|hip)Malloc failed: out of memory"
             r"|failed to allocate (?:CUDA|ROCm|Vulkan|Metal|SYCL)\d* buffer of size \d+"
             # CuPy's pool (its OutOfMemoryError's message, printed alone by Chainer's trainer)
             r"|\bout of memory to allocate \d+ bytes \(total \d+ bytes\)"
             r"|\bOut of memory allocating [\d,]+ bytes \(allocated so far: [\d,]+ bytes\)"
             # TF's and XLA's BFC allocator failing a device allocation (its warning that it only could have used
             # more, "with freed_by_count=0 ... not a failure", carries no rounded size)
             r"|Allocator \((?:GPU|TPU)_\d+_bfc\) ran out of memory trying to allocate \S+ \(rounded to \d+\)"
             r"|tensorflow/stream_executor/cuda/cuda_(?:blas|dnn)\.cc:\d+\] (?:failed to create cublas handle: "
             r"CUBLAS_STATUS_NOT_INITIALIZED|Could not create cudnn handle: CUDNN_STATUS_(?:INTERNAL_ERROR"
             r"|NOT_INITIALIZED))"
             r"|THCudaCheck FAIL .*out of memory|Non-OK-status: .*(?:Internal|Resource exhausted): out of memory"
             r"|Dst tensor is not initialized|Blas \w*GEM[MV]\w* launch failed"
             r"|Failed to get convolution algorithm\.(?: This is probably because cuDNN failed to initialize|\s*$)"
             r"|CUDNN_STATUS_NOT_INITIALIZED"
             # XLA's cuBLAS/cuSOLVER handle that could not be made (JAX's preallocation left no room for it)
             r"|INTERNAL: the library was not initialized"
             r"|(?:HIP|MPS backend|XPU|NPU|MLU|MUSA) out of memory|OOM when allocating tensor"
             # TF's op kernel whose output the device's allocator could not give (a glog W line, often all that is
             # printed before the process ends)
             r"|\bRESOURCE_EXHAUSTED: failed to allocate memory\b"
             # XLA's report of a TPU program's largest allocations in HBM, printed when its compile ran out (through
             # XRT the OOM line above it is cut; TF's "when OOM happens" hint follows any RESOURCE_EXHAUSTED, a full
             # disk's too, and is not read)
             r"|Largest program allocations in hbm|^\s*Allocation type: (?:scoped|HLO temp)\s*$"
             r"|\bRan out of memory in memory space (?:hbm|vmem)\b"
             r"|Memory_Allocation_Failure\(EL0004\)"
             r"|RESOURCE_EXHAUSTED: (?:Out of memory|.*[Rr]an out of memory|Attempting to (?:reserve|allocate)"
             r"|Failed to allocate)|Resource exhausted: (?:Out\b|Attempting to|failed to allocate memory)"
             r"|Out of memory while trying to allocate|Requested amount of GPU memory \(\d+ bytes\) could not be"
             r" allocated|is larger than the maximum number of tokens that can be stored in KV cache|"
             + _exc("OutOfMemoryError", "ResourceExhaustedError")
             # MATLAB's gpuArray allocation
             + r"|^\{?.?Out of memory on device\. To view more detail about available memory on the GPU\b"
             # OpenCL's and Vulkan's (llama.cpp's ggml_vulkan among them) words for device memory refused (Metal's
             # ``Insufficient Memory`` is the structure's reading of memory in any wording)
             + r"|\bCL_MEM_OBJECT_ALLOCATION_FAILURE\b|\bVK_ERROR_OUT_OF_DEVICE_MEMORY\b|\bErrorOutOfDeviceMemory\b"
               r"|\bDevice memory allocation of size \d+ failed\b"),
    Rule("disk_quota", CONFIG, "disk_quota", log=r"Disk quota exceeded|\[Errno 122\]|\bEDQUOT\b"
                                                 # PBS on NCI's Gadi ending a job that filled its node-local jobfs
                                                 r"|\bkilled due to exceeding jobfs quota\b"),
    Rule("disk_full", CONFIG, "disk_full",
         log=r"[Nn]o space left on device|\[Errno 28\]|\bENOSPC\b|Not enough disk space\. Needed: "
             # SageMaker's job status: the instance's volume full as the model artifacts were written
             r"|\bArtifact upload failed: ?Insufficient disk space\b"
             # Ray's object store spilling to a full local disk
             r"|" + _exc("OutOfDiskError")
             + r"|Could not append to the internal temporary file"
             # SQLite's SQLITE_FULL (an Optuna or MLflow store, a dataset index on the full disk)
             r"|\bdatabase or disk is full\b"
             r"|The node was low on resource: ephemeral-storage|ephemeral local storage usage exceeds"
             r"|The node had condition: \[DiskPressure\]"
             r"|\(os error (?:28|112)\)"
             # Windows' ERROR_DISK_FULL in its own words (LMDB reserving all of map_size at open, among others)
             r"|There is not enough space on the disk\b"),
    # A writer that failed with no errno: torch.save's PytorchStreamWriter (``failed writing file``,
    # ``unexpected pos A vs B``), C++ streams' ``basic_ios::clear``. Almost always the disk (or the
    # quota) the checkpoint goes to; the wait for space looks at the host before anything runs again.
    Rule("writer_failed", CONFIG, "disk_full",
         log=r"PytorchStreamWriter failed writing file|inline_container\.cc[:_]\d+\] \. unexpected pos \d+ vs \d+"
             r"|basic_ios::clear: iostream error"
             # Lua Torch's file writer (a t7 checkpoint) that wrote fewer blocks than it asked to
             r"|[Ww]rite error: wrote \d+ blocks instead of \d+"),
    # Caffe's solver could not write its snapshot: in public threads nearly always the snapshot folder the solver
    # names is not there; a full disk says the same words, and the host's measure then names disk_full instead
    # (tianluo.faults.classify: UNWRITTEN).
    Rule("caffe_snapshot_unwritten", CONFIG, "missing_file", log=r"Check failed: proto\.SerializeToOstream\(&output\)"
         # (its solver's own check of the snapshot prefix's folder before training starts)
         r"|Cannot write to snapshot prefix '[^']*'\.\s+Make sure that the directory exists and is writeable"),
    # Spark's barrier stage (spark-tensorflow-distributor, TorchDistributor, XGBoost on Spark) asking for more task
    # slots than the cluster offers (GPUs per task, executors, cores set otherwise): it waits and retries, then
    # fails, every time, until a person stops it; the resources asked for do not fit the cluster
    Rule("spark_barrier_slots", CONFIG, "bad_arguments",
         log=r"Barrier stage in job \d+ requires \d+ slots, but only \d+ are available"
             r"|BarrierJobSlotsNumberCheckFailed\b"
             # ... or given a DataFrame whose lineage a barrier stage cannot run (SynapseML's LightGBM after a
             # coalesce, a union): the job's to repartition
             r"|\bBarrierJobUnsupportedRDDChainException\b"),
)

STOPPED: tuple[Rule, ...] = (
    # A job stopped while it waited on torch's lock of a JIT extension's build folder (DeepSpeed's ops, a
    # cpp_extension.load): a build that died left its lock file, and every later job waits on it for ever, until a
    # person stops it (py-spy's dump, or the KeyboardInterrupt's traceback, names the wait); the lock is why
    Rule("extension_lock_wait", CONFIG, "file_locked",
         log=r"^\s*wait \((?:\S+/)?torch/utils/file_baton\.py:\d+\)"
             r"|[/\\]torch[/\\]utils[/\\]file_baton\.py\", line \d+, in wait$"),
    # A job stopped after its spawned workers could not unpickle a class of the main script (``Can't get attribute
    # 'RNA_SS_data' on <module '__mp_main__'``: a child re-imports the script as __mp_main__, where a class defined
    # under ``if __name__ == "__main__"`` is not): every worker died at start, the parent waited on them until a
    # person stopped it; the program's slip is why (the parent's own symptoms of the same are structure's, as is a
    # worker's AttributeError in any words, read by the frame that raised it: structure_verdict._TASK_UNPICKLED)
    Rule("spawned_class_missing", CODE, "attribute_error", log=r"Can't get attribute '\w+' on <module '__mp_main__'"),
    # slurmstepd's cancel line with no reason, and the job ended by the TERM it sends: a person (or
    # an admin) ran scancel. srun prints the same line when it ends a step after a task failed,
    # but then the job ends by that failure, not by TERM, and the failure's own line says more.
    Rule("slurm_cancelled", UNKNOWN, "cancelled_outside",
         log=r"\*\*\* (?:JOB|STEP) \S+ ON \S+ CANCELLED AT \S+ \*\*\*", signal="SIGTERM"),
    # LSF's word that a person (the owner or an administrator) killed the job: as a person's scancel.
    Rule("lsf_killed_by_person", UNKNOWN, "cancelled_outside",
         log=r"TERM_(?:FORCE_)?OWNER: job killed by owner|TERM_BUCKET_KILL: job killed"
             r"|TERM_(?:FORCE_)?ADMIN: job killed by root or LSF administrator"),
    # torchrun stopped by SIGINT: a person's Ctrl-C at the terminal that started it (no scheduler sends INT by
    # itself), as a person's scancel; a launcher's TERM stays the terminated below.
    Rule("launcher_interrupted", UNKNOWN, "cancelled_outside",
         log=r"Received (?:Signals\.)?SIGINT death signal|Received 2 death signal"
             r"|SignalException: Process \d+ got signal: 2 *$"),
    # Python's own word for SIGINT: a KeyboardInterrupt ends the program (its ranks' and pool workers' alike). Who
    # sends a job SIGINT is a person (Ctrl-C, kill -INT), as above; LSF's limits send it too, and say so above.
    Rule("python_interrupted", UNKNOWN, "cancelled_outside", log=_exc("KeyboardInterrupt")),
    # Intel Fortran's runtime (numpy's and SciPy's MKL on Windows among its users) stopping on the console's Ctrl-C
    # or on its window being closed: a person, as above
    Rule("fortran_console_stopped", UNKNOWN, "cancelled_outside",
         log=r"\bforrtl: error \(200\): program aborting due to (?:control-C|window-CLOSE|logoff|shutdown) event"),
    # a tracker's run stopped by a person from its web page (Comet's "stopped by the user from Comet UI")
    Rule("tracker_stopped", UNKNOWN, "cancelled_outside", log=_exc("InterruptedExperiment")),
    # A scheduler's refusal of a job a workflow tool submitted, and the tool then stopped (a person's Ctrl-C at a
    # driver that hung after its submit thread died, a TERM): the refusal is why nothing ran (a guard ahead of the
    # stops, in the words of setup's submit_rejected; a refusal for want of the controller stays the network's).
    Rule("submit_refused_then_stopped", CONFIG, "submit_rejected",
         log=_SLURM_REFUSAL + r"|^qsub: submit error|^Unable to run job: job rejected: "),
    Rule("sigterm", TRANSIENT, "terminated", signal="SIGTERM"),
    Rule("sigint", TRANSIENT, "terminated", signal="SIGINT"),
    Rule("sighup", TRANSIENT, "terminated", signal="SIGHUP"),
)

SETUP: tuple[Rule, ...] = (
    # A cloud training job refused because its input data is not where it says (SageMaker's ValidationException):
    # the data's, before the refusal's own words.
    # (and git-lfs asked for an object its server does not hold: never pushed, or pruned)
    Rule("input_data_missing", CONFIG, "missing_file",
         log=r"No S3 objects found under S3 URL |\bObject does not exist on the server: \[404\]"),
    # ... or because the role it was given cannot be taken on (missing, or no trust for the service)
    Rule("role_not_assumable", CONFIG, "auth_error",
         log=r"Could not assume role \S+\. Please ensure that the role exists|unable to perform: sts:AssumeRole on"),
    Rule("submit_rejected", CONFIG, "submit_rejected",
         log=_SLURM_REFUSAL + r"|Unable to bring up enough workers"
             r"|srun: error: Unable to create step for job \d+: (?:Invalid|Requested|Memory required"
             r"|More processors)"
             # Azure ML's job sent to a compute target the workspace does not have; a subscription whose vCPU quota
             # cannot hold the cluster asked for; the service failing to start the job it was given (an AutoML step
             # whose environment has no image: the service's own NullReferenceException, not the program's)
             r"|\btotal vCPU quota of \d+ and is less than the requested\b"
             r"|\bresults in exceeding approved \S+ (?:Family )?Cores? quota\b"
             r"|\bFailed to start the job because of error: "
             r"|AzureMLCompute cluster \S+ does not exist|[Cc]ompute target \S+ (?:does not exist|was not found)"
             # other schedulers and clouds refusing the job before it ran
             r"|qsub: submit error|Job exceeds queue resource limits|Job rejected by all possible destinations"
             # Grid Engine's qsub (``Unable to run job: error: no suitable queues.``); PBS's per-user queue limits
             r"|^Unable to run job: |Unable to run job: job rejected: |qsub: would exceed (?:queue|complex|server)\b"
             # ... and through DRMAA (``DeniedByDrmException: code 17: error: no suitable queues``); Torque's qsub
             # refusing a script with Windows line ends, and a site's submit filter refusing the request
             r"|\bDeniedByDrmException\b|\berror: no suitable queues\b|qsub: +script is written in DOS/Windows text"
             r"|qsub: submit filter returned an error code|\bFilter /\S+ failed\b"
             # a qsub of another scheduler's dialect (PBS Pro given Grid Engine's -wd or -t)
             r"|^qsub: invalid option -- |^qsub: Unknown queue\b"
             r"|sbatch: error: Invalid generic resource|\bResourceLimitExceeded\b|Quota failure for project"
             # SkyPilot's table of the clouds it tried (``Found no quota for a2-ultragpu-1g on-demand instances``)
             r"|\bFound no quota for \S+ (?:on-demand|spot) instances\b"
             # Ray's autoscaler: no node type of the cluster's config can hold what a task or actor asks for (a TPU
             # slice's resource that no worker registered, more GPUs than a node type has); the task waits forever
             r"|\bNo available node types can fulfill resource request\b"
             # Flux's scheduler refusing an allocation no resource of the instance can ever satisfy
             r"|\balloc denied due to type=\\?\"unsatisfiable\\?\""
             # the kubelet refusing a pod it cannot give the GPU the scheduler placed it for (KubeRay's injected init
             # container asking for none); Kueue's queue whose flavors can never hold what a job asks for
             r"|\bunable to find GPU device allocation by scheduler\b|\brequest > maximum capacity \(\d+ > \d+\)"
             # a cloud reservation smaller than what was asked of it (GCP's TPU reservations): the owner's to grow or
             # to ask less of; a zone out of stock is the network tier's http_unavailable, a wait
             r"|\bInsufficient reserved capacity\b"
             # a cloud's batch or training API refusing the accelerator asked for (Google's Life Sciences pipelines
             # through dsub; Vertex AI's custom jobs on a GPU at its end of support or not offered on that machine)
             r"|\bvalidating pipeline: unsupported accelerator: "
             r"|\bAccelerator \"\w+\" is not supported for machine type\b"
             # Slurm's option parsing refusing a request's value (a PBS-style ``nodes=1:ppn=1`` given to sbatch)
             r"|(?:sbatch|srun|salloc)(?:\.exe|\.bin)?: error: (?:[Ii]nvalid (?:node count|numeric value|partition"
             r"|--?[\w-]+ specification|time specification)|\"[^\"]{1,200}\" is not a valid node count"
             r"|Batch job submission failed: Invalid)"
             r"|exceeds the allowed maximum of \d+|Quota '\w+' exceeded|No launchable resource found"
             # Azure ML's compute refusing more nodes than the subscription's vCPU quota holds
             r"|\bJobNodeCountExceedsCoreQuota\b"
             r"|[Cc]atalog does not contain any (?:resources|instances) (?:that satisfy|satisfying)\b"
             r"|bsub: .*(?:Bad|not valid|rejected)"
             # LSF's bsub refusing a request its queue's limits do not allow (its message wraps, so ``Job not
             # submitted.`` may stand at the start of a line of its own)
             r"|\bError in rusage section\b|\bRESRSV_LIMIT defined in lsb\.queues\b|^not submitted\.$"
             r"|\bJob not submitted\.|(?:sbatch|srun|salloc): unrecognized option '"
             r"|sbatch: error: (?:This does not look like a batch script|Batch script contains DOS line breaks)"
             # HTCondor's condor_submit refusing a submit description it cannot parse (an attribute its release does
             # not take, a malformed expression), as it or DAGMan's log says it; a schedd it cannot reach is the
             # network's
             r"|\bcondor_submit: invalid attribute name\b|\bFailed to parse the job ClassAd\b"
             r"|\bERROR: on Line \d+ of submit file\b|\bError in submit file\b"
             r"|An error occurred \((?:ValidationException|ClientException)\) when calling the"
             r" (?:Create\w*Job|SubmitJob) operation|Unable to create [\w ]+Job: ValidationException: "
             r"|\b0/\d+ nodes are available: "
             # Volcano (kube-batch) leaving a gang's pods unplaced: its PodGroup's condition
             r"|\b\d+/\d+ tasks in gang unschedulable: "
             r"|The following quota metrics exceed quota limits"
             # a cluster's admission webhook refusing the pods an operator creates; Azure ML's Kubernetes compute
             # given an instance type no node can hold
             r"|admission webhook \"[^\"]+\" denied the request|instance type defined resource requirement has"
             r" exceeded the node size"
             # ... or its admission policy (Kueue's: a workload without a queue), or a namespace's ResourceQuota
             r"|\bValidatingAdmissionPolicy '[^']+' with binding '[^']+' denied request\b"
             r"|\bis forbidden: exceeded quota: "),
    # A build without kernels for this GPU's architecture (a wheel, an extension or a framework compiled for other
    # cards: an RTX 50xx, an A100 under torch 1.6, a Jetson, an AMD card's gfx target): another build fits it, not
    # another driver. Most corpus authors read it so, and the rest's own reasons name the build.
    Rule("build_without_this_gpu", CONFIG, "version_mismatch",
         log=r"no kernel image is available for execution"
             # a CUDA 11 build's TF32 mode refused by an older cuBLAS it loaded (an RTX 30xx with CUDA 10's libraries
             # first on the library path)
             r"|CUBLAS_STATUS_INVALID_VALUE when calling `?cublasSetMathMode\(handle, CUBLAS_TF32_TENSOR_OP_MATH\)"
             r"|with CUDA capability sm_\d+ is not compatible with the current PyTorch installation"
             r"|CUDA_ERROR_NO_BINARY_FOR_GPU|cudaErrorNoKernelImageForDevice"
             r"|(?:CUDA|HIP) error: invalid device function"
             r"|CUDA kernel failed : (?:invalid device function|no kernel image)"
             r"|^Error message: invalid device function|your gpu arch \(\d+, \d+\) isn't compiled in prebuilt"
             r"|cudaSuccess \(8 vs\. 0\)\s+invalid device function|\bCUDA: invalid device function"
             r"|NCCL WARN Cuda failure 'invalid device function'"
             # TF's own launch check (``Non-OK-status: GpuLaunchKernel(...) status: Internal: invalid device function``)
             r"|\bstatus: Internal: invalid device function"
             r"|hipErrorInvalidDeviceFunction|hipErrorNoBinaryForGpu"
             # a CUDA extension's own check after a launch (svox2's ``Error in svox2.accel_dist_prop : ...``,
             # FlowNet2's ``error in correlation_forward_cuda_kernel: ...``)
             r"|^[Ee]rror in [\w.]+ ?: invalid device function"
             # MFEM's CUDA check, the error on its own line under ``CUDA error: (cudaGetLastError()) failed with
             # error:``
             r"|^\s*--> invalid device function$"
             # old torch's THC check of the same code 8 (``THCudaCheck FAIL file=... line=383 error=8 : invalid device
             # function``)
             r"|THCudaCheck FAIL file=\S+ line=\d+ error=8 : invalid device function"
             # rocBLAS without Tensile kernels for this card's gfx target (a consumer card the bundled build skips),
             # its library's index read as no file of its ("Illegal seek"; a library file not there at all is ENOENT's)
             r"|rocBLAS error: Cannot read \S*TensileLibrary\w*\.dat: Illegal seek"
             # Triton (torch.compile's inductor, vLLM's kernels) refusing a GPU older than its compiler supports
             r"|\bwhich is too old to be supported by the triton GPU compiler\b"),
    # (a build without this GPU's kernels is build_without_this_gpu's, above: its words are not repeated here)
    Rule("driver_mismatch", CONFIG, "driver_mismatch",
         log=r"driver version is insufficient for CUDA runtime version"
             # habitat-sim's (Magnum's) EGL context unable to map the CUDA device to an EGL device: the driver's EGL
             # part missing (a driver installed without its OpenGL/EGL libraries, a container without them)
             r"|\bunable to find CUDA device \d+ among \d+ EGL devices\b"
             # a Vulkan renderer (SAPIEN, ManiSkill, Isaac Sim) with no driver's ICD, or one without what it needs: the
             # driver's Vulkan part missing or not found (a container without the NVIDIA graphics libraries)
             r"|No Vulkan extensions found for window surface creation|Cannot find a compatible Vulkan installable "
             r"client driver|vkCreateInstance failed with VK_ERROR_INCOMPATIBLE_DRIVER|\bErrorIncompatibleDriver\b"
             r"|VkResult: ERROR_INCOMPATIBLE_DRIVER|vkCreateInstance failed\. Vulkan [\d.]+ is not supported"
             # the kernel's NVIDIA module of another release than the driver's user-space libraries (an upgrade
             # without a reboot): every CUDA call fails until they agree
             r"|NVRM: API mismatch: the client (?:'[^']{0,64}' \(pid \d+\)|has the version)"
             # ... in the words of CUDA's own diagnostics under TF and XLA
             r"|kernel version \S+ does not match DSO version \S+ -- cannot find working devices"
             r"|NVIDIA driver on your system is too old|cudaErrorInsufficientDriver"
             r"|device kernel image is invalid|cudaErrorInvalidKernelImage|CUDA_ERROR_INVALID_IMAGE"
             # a compiled extension's own CUDA check that the driver cannot start it (pointnet2's ``CUDA kernel
             # failed : initialization error``)
             r"|CUDA kernel failed : initialization error|Code object build failed"
             r"|invalid value for --gpu-architecture|nvidia-container-cli: requirement error"
             r"|please update your driver to a newer version|nvidia-container-cli: initialization error"
             r"|the provided PTX was compiled with an unsupported toolchain"
             # ... in Blender's (Cycles') words loading its bundled PTX: ``Failed to load CUDA kernel from '...ptx'
             # (Unsupported PTX version)``; an OpenCL runtime that cannot build a program's kernels (hashcat's,
             # LuxCore's: the runtime's compiler is older or other than the one the kernels were written for)
             r"|\(Unsupported PTX version\)|\bCL_(?:BUILD|COMPILE)_PROGRAM_FAILURE\b"
             # ... by its number, as numba's driver wrapper names the code its enum lacks (222,
             # CUDA_ERROR_UNSUPPORTED_PTX_VERSION: ``[222] Call to cuLinkAddData results in UNKNOWN_CUDA_ERROR``)
             r"|\[222\] Call to cu\w+ results in \w+"
             # CUDA's 803 and 804: a user-space driver (a container's, a forward-compat package) that does not
             # fit the kernel module, or forward compatibility on a consumer GPU
             r"|unsupported display driver / cuda driver combination|forward compatibility was attempted on non "
             r"supported HW|cudaErrorSystemDriverMismatch|CUDA_ERROR_SYSTEM_DRIVER_MISMATCH"
             r"|cudaErrorCompatNotSupportedOnDevice|CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE"
             # a container runtime with no GPU toolkit to hand the devices over
             r"|unresolvable CDI devices nvidia\.com|unknown or invalid runtime name: nvidia"
             r"|Unknown runtime specified nvidia"
             # a GPU older than the jaxlib's XLA supports (Kepler's sm_3x)
             r"|sm_\d+ does not support explicit gemm algorithms"
             r"|Driver/library version mismatch|NVIDIA-SMI has failed because it couldn't communicate with the"
             r" NVIDIA driver"
             # the driver's NVML library missing where the program looks (NCCL's "Last error:", nvidia-smi, a
             # container started without the driver's libraries mounted)
             r"|Failed to open libnvidia-ml\.so|libnvidia-ml\.so(?:\.1)?: cannot open shared object file"
             r"|NVML Shared Library Not Found|\bNVIDIA-SMI couldn't find libnvidia-ml\.so library\b"
             # NVIDIA's Kubernetes device plugin on a node whose container runtime does not hand it the driver (no
             # ``nvidia`` runtime), and the GPU operator's driver container without packages for the node's kernel
             r"|Failed to initialize NVML: could not load NVML library|\bCould not resolve Linux kernel version\b"),
    Rule("no_gpu", CONFIG, "no_gpu",
         log=r"No CUDA GPUs are available|Torch not compiled with CUDA enabled|CUDA driver initialization failed"
             # nvidia-smi seeing no device (a container or step given none, a GPU the driver lost at boot)
             r"|^No devices were found$"
             # hashcat finding no OpenCL, CUDA or HIP device it may use (none, or all skipped)
             r"|^No devices found/left\.$"
             # Unreal Engine's Linux build with no Vulkan driver to load (a container that hands over only OpenGL)
             r"|\bFailed to load Vulkan Driver which is required to run the engine\b"
             # AmgX (and any CUDA program that asks the runtime its version first) on a host with no NVIDIA driver
             r"|\bFailed while initializing CUDA runtime in cuda\w+"
             # wgpu (Rust's burn, any WebGPU trainer) finding no graphics adapter to run on
             r"|\bNo adapter found for graphics API\b"
             # XGBoost asked for a GPU where none is visible (its warning falls back to the CPU; its check ends)
             r"|No visible GPU is found(?: for XGBoost|, setting `gpu_id` to -1)"
             # a container whose device cgroup lost the GPUs (the host's ``systemctl daemon-reload`` under Docker's
             # systemd cgroup driver): nvidia-smi and NVML inside it fail while the host still sees them
             r"|Failed to initialize NVML: Unknown Error"
             # Graphcore's poptorch finding no free IPU to attach (all held, or none in the partition)
             r"|'poptorch_cpp_error': Failed to acquire \d+ IPU\(s\)"
             # the same on AMD's, Intel's and Ascend's builds of torch
             r"|No HIP GPUs are available|Torch not compiled with XPU enabled|The NPU device count is zero\b"
             # Slurm's CUDA_VISIBLE_DEVICES in a step given no GPU (its gres plugin writes ``NoDevFiles``), as a
             # program reading the variable quotes it; JAX's CUDA plugin that started and found no device to use
             r"|\bNoDevFiles\b|\bno supported devices found for platform CUDA\b"
             # AutoTrain's check before an LLM's training
             r"|\bNo GPU/MPS device found\b"
             # Singularity's and Apptainer's --nv on a host without NVIDIA's driver (a VM, a CPU node): nothing to bind
             r"|Could not find any NVIDIA (?:binaries|libraries) on this host"
             # MuJoCo's (dm_control's) EGL rendering without the GPU it was told to render on (MUJOCO_EGL_DEVICE_ID
             # naming a device the container does not see)
             r"|\bCannot initialize a headless EGL display\b"
             # TFLite's Edge TPU delegate finding no Coral device (none attached, or its driver not loaded)
             r"|\bFailed to load delegate from libedgetpu\.so"
             # vLLM finding no accelerator platform (a Ray actor given no GPU, a CPU-only build)
             r"|RuntimeError: No supported device detected\.?$|RuntimeError: Failed to infer device type"
             # the driver's own libcuda not there to load: a container started without the host's GPU (Singularity
             # without --nv, docker without --gpus) or a node with no driver
             r"|\blibcuda\.so\.1: cannot open shared object file"
             # MindSpore's CPU wheel asked for a GPU
             r"|Unsupported device target (?:GPU|Ascend)\. This process only supports one of the \['CPU'\]"
             # JAX asked for a GPU or TPU backend its jaxlib or the host does not have (a CPU-only jaxlib)
             r"|\bUnknown backend:? '?(?:gpu|cuda|rocm|tpu)'?(?: requested\b|\s*$)"
             r"|no platforms that are instances of (?:gpu|cuda|rocm|tpu) are present"
             # a tool's own check before it starts (CellBender's --cuda on a node without a GPU)
             r"|[Tt]rying to use CUDA,? but CUDA is not available"
             # ... or an exception that says only that (the extension builds copied from Deformable-DETR's ops:
             # ``NotImplementedError: Cuda is not availabel``, raised when torch sees no GPU or CUDA_HOME is unset)
             r"|" + _EXC_LINE + r": (?:Cuda|CUDA|cuda) is not availab(?:le|el)\.?$"
             # accelerate asked for mixed precision on a machine where it found no GPU
             r"|\b(?:fp16|bf16) mixed precision requires a GPU"
             # COLMAP's SiftGPU with no GPU it can use (a build without CUDA, no OpenGL context on a headless host)
             r"|ERROR: SiftGPU not fully supported"
             r"|no CUDA-capable device is detected|cudaErrorNoDevice|CUDA_ERROR_NO_DEVICE"
             # torch's lazy init on a host whose driver state cannot start CUDA at all (the UVM module gone after a
             # suspend, a container set up without the devices): no GPU this process can use
             r"|\bCUDA unknown error - this may be due to an incorrectly set up environment"
             r"|torch\.cuda\.is_available\(\) is False|No visible GPU devices"
             r"|device_id is out of range|ProcessGroupNCCL is only supported with GPUs, no GPUs found"
             r"|(?:TPU|GPU|device) (?:is )?already in use by (?:another )?process"
             # OpenCL trainers (LightGBM, XGBoost's old GPU path) with no device or vendor driver
             r"|No OpenCL device found|\bCL_DEVICE_NOT_FOUND\b|No OpenCL platforms? found"
             # Lightning's TPU probe (before bad_arguments, which takes its other MisconfigurationExceptions)
             r"|No TPU devices were found|\w+Accelerator can not run on your system since the accelerator is not"
             r" available|But your machine only has: \[\]"
             # MXNet's CPU build asked for a GPU
             r"|Compile with USE_CUDA=1 to enable GPU usage"
             # JAX given a GPU tensor with no GPU backend (a CPU jaxlib)
             r"|DLPack tensor is on GPU, but no GPU backend was provided"
             # GPUs in exclusive-process mode that another process holds (CUDA error 46)
             r"|all CUDA-capable devices are busy or unavailable|CUDA-capable device\(s\) is/are busy or unavailable"
             r"|cudaErrorDevicesUnavailable"
             # a torch built without CUDA asked to pick a GPU (its C module has no CUDA entry points)
             r"|has no attribute '_cuda_(?:setDevice|getDeviceCount|init)'"
             # vLLM started where it sees no GPU (a container run without the GPUs handed over)
             r"|RuntimeError: Failed to infer device type$"
             # transformers' bitsandbytes quantiser on a machine with no CUDA GPU (a Mac)
             r"|No GPU found\. A GPU is needed for quantization"
             # torch finding no NVIDIA driver at all (a container run without the GPUs, a host without the driver);
             # docker asked for GPUs (--gpus) with no GPU runtime to hand them over: most authors call both no GPU
             r"|Found no NVIDIA driver on your system|could not select device driver (?:\"[^\"]*\" )?with capabilities"
             # a library's own check for the only accelerators it supports (unsloth on a machine whose torch sees none)
             r"|\bcurrently only (?:works|runs) on (?:NVIDIA|AMD|Intel|CUDA)\b"
             r"|\bbut no (?:CUDA |NVIDIA )?GPU was found\b"
             # AWS Neuron's runtime daemon started without a Neuron device passed to it
             r"|\] No devices specified$|\bFailed to initialize devices, error:"
             # a TPU VM whose runtime finds no TPU (a reboot, an upgrade, another process holding it); TF's list of
             # the devices it registered under an op with only GPU kernels: XLA's pseudo-devices, no GPU
             r"|No TPU Platform available|\bNo ba16c7433 device found\b"
             r"|^Registered devices: \[(?:(?:CPU|XLA_CPU|XLA_GPU|XLA_TPU)(?:, )?)+\]$"
             # MATLAB's gpuDevice and gpuArray with no GPU it can use (no device, no driver it can load)
             r"|^\{?.?(?:No supported GPU device was found on this computer\b"
             r"|There is a problem with the CUDA driver or with this GPU device\.)"),
    # OCCA (nekRS, libParanumal) built or run without its CUDA mode, falling back to its serial one (which the program
    # may then refuse, or run slowly on): no GPU backend here; the fallback alone fails no attempt that did its work
    Rule("gpu_backend_fell_back", CONFIG, "no_gpu", fatal=False,
         log=r"^\[(?:CUDA|HIP|OpenCL|SYCL|dpcpp)\] mode is not enabled, defaulting to \[Serial\] mode"),
    # nvidia-smi itself failing, as the program that ran it reports (subprocess' CalledProcessError): no driver loaded
    # (its status 9), no permission to the devices (4), no NVML library (12): no usable GPU here. A program that
    # enumerates GPUs this way may log it and go on on the CPU, so the line fails no attempt that did its work.
    Rule("nvidia_smi_failed", CONFIG, "no_gpu", fatal=False,
         log=r"\bCommand '(?:\['(?:[^'\n]*/)?nvidia-smi'|(?:[^'\n]*/)?nvidia-smi\b)[^\n]*"
             r"returned non-zero exit status [1-9]"),
    Rule("tls_error", CONFIG, "tls_error",
         # (libgit2's, as Julia's Pkg prints it cloning a registry behind a proxy that re-signs TLS)
         log=r"CERTIFICATE_VERIFY_FAILED|self[- ]signed certificate in certificate chain"
             r"|GitError\(Code:ECERTIFICATE\b|X509 - Certificate verification failed"
             r"|unable to get local issuer certificate|certificate verify failed|SSLCertVerificationError"
             # git's libcurl built on GnuTLS (no CA bundle in the image: "CAfile: none"), conda's own SSL error
             r"|server certificate verification failed\. CAfile:|CondaSSLError: Encountered an SSL error"
             r"|CertificateError\(\"hostname|hostname '[^']*' doesn't match|\[SSL: WRONG_VERSION_NUMBER\]"
             # gRPC's own TLS (BoringSSL): a handshake with a peer that does not speak TLS there, or another certificate
             r"|Handshake failed with error SSL_ERROR_SSL: error:\w+:SSL routines:OPENSSL_internal:"
             # wget's words
             r"|ERROR: cannot verify \S+ certificate|Unable to locally verify the issuer's authority"
             r"|ERROR: The certificate of \S+ (?:is not trusted|doesn't have a known issuer|has expired)"),
    # Slurm's client on a host with no Slurm set up: no slurm.conf to read (and, configless, no DNS SRV record
    # naming a controller to fetch it from: nearly always a host that is not a Slurm node, or a script written for
    # another cluster), no munge daemon to sign with
    # ... but a slurm.conf there that this user may not read (its folder made 0700 for the slurm user)
    Rule("slurm_conf_unreadable", CONFIG, "permission_denied",
         log=r"s_p_parse_file: unable to (?:status|read|open) file \S+: Permission denied"),
    Rule("slurm_unconfigured", CONFIG, "missing_file",
         log=r"s_p_parse_file: unable to (?:status|read|open) file|Unable to process configuration file"
             r"|fatal: Could not establish a configuration source|_establish_config_source: failed to fetch config"),
    Rule("slurm_munge", CONFIG, "auth_error", log=r"Munge (?:encode|decode) failed|has authentication error$"),
    Rule("missing_credentials", CONFIG, "missing_credentials",
         # (Julia's AWS.jl: its provider chain found nothing, or the older release's fall-through)
         # (git cloning over https in a batch job with no credential helper: it would prompt, and cannot)
         log=r"^fatal: could not read (?:Username|Password) for '"
             r"|Unable to locate credentials|api_key not configured|Token is required \(|" + _exc("NoCredentialsError")
             # gcloud with no account logged in (a container, a batch node): ``gcloud storage cp`` will not go on
             + r"|You do not currently have an active account selected\b"
             # an evaluation or tracking tool asking for the service key the job's environment lacks
             + r"|\bPlease set (?:the |your )?(?:`|')?[A-Z][A-Z0-9_]*_(?:API_KEY|TOKEN)\b"
             + r"|\bNoCredentials: Can't find AWS credentials|^ERROR: type Nothing has no field renew$"
             + r"|DefaultCredentialsError|Could not automatically determine credentials|[Mm]ust provide .*credentials"
               r"|api_key client option must be set|Could not find kaggle\.json|requires an (?:API key|api_key)\b"
               r"|MissingApiToken\b|Missing API token\b"
               # the Copernicus data stores' client (ERA5 for weather models) without its ~/.cdsapirc url and key
               r"|Missing/incomplete configuration file: \S*\.cdsapirc\b"
               r"|You must (?:be logged in|login|provide a token|specify a token)|Token must be specified"
               # a service's key read from an environment the job was not given (``os.environ['TIMEGPT_TOKEN']``)
               r"|" + _PFX + r"KeyError: '[A-Z][A-Z0-9_]*(?:TOKEN|API_?KEY|SECRET(?:_ACCESS)?_KEY|SECRET|ACCESS_KEY_ID"
               r"|PASSWORD|CREDENTIALS?)'$"),
    # A model or dataset id that is Python's None formatted into the hub's URL (an argument never set, a token passed
    # empty that shifted the arguments): the hub's 401 or 404 for ``huggingface.co/None/...`` is not the repository's
    Rule("hub_id_none", CONFIG, "bad_arguments", log=r"\bhuggingface\.co/(?:api/(?:models|datasets)/|datasets/)?None/"),
    Rule("auth_error", CONFIG, "auth_error",
         log=r"Cannot access gated repo|GatedRepoError|Unauthorized for url|Forbidden for url|\bAccessDenied\b"
             # a Google API's answer to a token it does not take (an expired login, a key of another project)
             r"|\bRequest had invalid authentication credentials\b"
             # a launcher's ssh to the other nodes with a key paramiko cannot use (ColossalAI's, Fabric's); Intel MPI's
             # hydra service on Windows refusing the user's registered credentials
             r"|\bnot a valid (?:RSA|DSA|EC|OPENSSH) private key file\b|\bserver rejected credentials\b"
             # a storage mount's check of its credentials (blobfuse2: ``failed to authenticate credentials for
             # azstorage``)
             r"|\bfailed to authenticate credentials for \w+"
             # pyannote's pipeline download refused (its conditions not accepted on the hub, no token given)
             r"|might be because the (?:pipeline|model) is private or gated\b"
             # a gated repo in transformers' and torchtune's words; an IAM policy that refuses the call
             r"|(?:trying|try) to access a gated repo|\(AccessDeniedException\) when calling the"
             # (its second line alone, a paste's first line cut or quoted apart: fifteen of sixteen authors)
             r"|^\W{0,3}Make sure to have access to it at https://huggingface\.co/\S"
             # the Copernicus data stores' licence not yet accepted by the account (ERA5 downloads)
             r"|has not agreed to the required terms and conditions"
             # a Google token without the scope the API needs (a VM's default service account scopes)
             r"|Request had insufficient authentication scopes|ACCESS_TOKEN_SCOPE_INSUFFICIENT"
             # a git server refusing the push to a branch this token may not write (the hub with a read token)
             r"|^remote: DENIED update refs/\S+: forbidden"
             # git refusing the credentials a clone or fetch gave (a password where the server wants a token; an
             # agent's configured user)
             r"|^fatal: Authentication failed for '|^remote: HTTP Basic: Access denied\b"
             # curl's and git's words for the server's 401/403 (a private repository, a token without the scope);
             # GitHub refusing the account the push or clone came as
             r"|The requested URL returned error: 40[13]\b|^remote: Permission to \S+ denied to "
             r"|^remote: Invalid username or (?:password|token)\b"
             # Azure's SDK refusing the credential chain it was given (DefaultAzureCredential: no identity, a CLI login
             # expired)
             r"|\bazure\.core\.exceptions\.ClientAuthenticationError\b"
             # a service's own words for credentials it refused (a licence server's, UMLS's ticket, a database's); not
             # "Invalid", the hub's word for a repository that is not there (its 401 for a missing or private id)
             r"|\b(?:[Ww]rong|[Ii]ncorrect) (?:user(?:name)?|login)(?:/| or | and )password\b"
             # W&B refusing an entity or project the key may not use; a token without write rights
             r"|do not have permission to access the requested resource"
             r"|\btoken\b[^.\n]{0,60}\bdoes not (?:allow writing|have write)"
             r"|is not authorized to perform: \S+"
             # SageMaker's role it cannot take on; Google Cloud's IAM refusals
             r"|was unable to assume the role|\bIAM_PERMISSION_DENIED\b|does not have `?\[?[\w.]+(?:, [\w.]+)*\]?`? IAM"
             r" permission"
             r"|Anonymous users cannot invoke requests against Requester Pays|denied: unauthenticated"
             # ssh launchers with no key for the other host; a share or a quota that refuses the file
             r"|No authentication methods available|Host key verification failed"
             r"|Cannot retrieve the public link of the file"
             # W&B's project the key may not use (its API answers 404 for a project it hides from this user)
             r"|Permission denied, ask the project owner to grant you access"
             r"|InvalidAccessKeyId|SignatureDoesNotMatch|ExpiredToken|Invalid user token|Invalid token passed"
             r"|Access to model \S+ is restricted|An error occurred \(40[13]\)|\(error 40[13]\)"
             # urllib's 401/403 with any reason but GitHub's "rate limit exceeded" (a rate limit: the network tier's)
             r"|HTTP Error 401|HTTP Error 403(?::? *$|: (?:[^r]|r[^a]))"
             # TF's cloud file systems (gs://, s3://) refused: the restore or save that asked fails after it
             r"|Error executing an HTTP request: HTTP response code 40[13]\b"
             r"|[Tt]oken seems invalid|No valid Hugging Face token|ErrorCode:Authori[sz]ationFailure"
             r"|AuthorizationPermissionMismatch|INVALID_ACCESS_KEY_ID|ERROR: Invalid activation key"
             r"|\binvalid_grant\b|\binvalid_scope\b|\bAccess Denied\b|^Access denied\.$"
             r"|Forbidden: https?://|<HttpError 40[13] when requesting|AccessDeniedException: 40[13]"
             r"|does not have storage\.\w+\.\w+ access|requested access to the resource is denied"
             r"|unauthorized: authentication required|\(40[13] (?:Forbidden|Unauthorized)\)"
             # trackers refusing the key they were given (Neptune, Comet, ...)
             r"|Your API token is invalid|[Ii]nvalid API (?:key|token)\b|\bInvalid(?:Rest)?A[Pp][Ii]Key\b"
             # the hub's 401 for a token it does not take, printed after its "Repository Not Found"
             r"|Invalid credentials in Authorization header"
             r"|API key is invalid|\bAPI (?:key|token) (?:provided )?(?:is|was) (?:invalid|not valid)\b"
             + r"|" + _exc("RefreshError")),
    # The hub answers a wrong id and a private or gated one the token may not see alike (datasets: "doesn't exist
    # on the Hub or cannot be accessed"): the id or the access, a person's either way.
    Rule("repo_not_found", CONFIG, "bad_arguments",
         log=r"Repository Not Found for url|Error while calling W&B API: (?:project|entity) not found"
             r"|Dataset '[^']*' doesn't exist on the Hub"
             r"|(?:cannot|could not|can't) be found (?:in|on) (?:the )?(?:HuggingFace|Hugging Face|Hub)\b"
             r"|not found as a file or in Hugging Face|RepositoryNotFoundError: Repo for \w+ `[^`]+` does not exist"
             # git's, the same for a repository that is private to this account and one that is not there
             r"|^remote: Repository not found\.?$|^fatal: repository '[^']+' not found$"),
    # The Hugging Face Hub's commit API refusing a push with 400: an outdated huggingface_hub's request (two threads,
    # both mended by upgrading it); a retry unchanged is refused the same
    Rule("hub_commit_refused", CONFIG, "version_mismatch",
         log=r"\b400 Client Error: Bad Request for url: https://huggingface\.co/api/\S+/commit/"),
    Rule("auth_status", CONFIG, "auth_error", log=r"\b401 Client Error|\b403 Client Error(?::? *$|: (?:[^r]|r[^a]))"),
    # TF's restore given a folder where it wants a checkpoint's prefix (Linux: a failed precondition, the folder is a
    # directory; Windows: access to a folder as a file is denied): the path, before a table file's damage below.
    Rule("checkpoint_is_a_folder", CONFIG, "missing_file",
         log=r"Unable to open table file \S+: (?:Failed precondition: |Unknown: NewRandomAccessFile failed to"
             r" Create/Open: \S+ : Access is denied)"),
    Rule("corrupt_checkpoint", CONFIG, "corrupt_checkpoint",
         log=r"PytorchStreamReader failed|failed finding central directory|invalid load key"
             # torch.load of a legacy (pre-zip) file whose storages are cut short or overwritten mid-read
             r"|\bstorage has wrong size: expected \d+ got \d+"
             # torch.load reading a file cut short (a download or copy that stopped)
             r"|\bunexpected EOF, expected \d+ more bytes\. The file might be corrupted\b"
             # transformers' cached config.json that is not JSON (a download cut short, a proxy's page)
             r"|It looks like the config file at '[^']*' is not a valid JSON file"
             # tokenizers (Rust) reading a tokenizer.json that is not JSON: an LFS pointer, a download cut short
             r"|^Exception: (?:expected value|EOF while parsing (?:a value|an object|a list|a string)) at line \d+ "
             r"column \d+$"
             # sentencepiece reading a tokenizer.model that is not its protobuf (an LFS pointer, a cut download)
             r"|\[model_proto->ParseFromArray\(serialized\.data\(\), serialized\.size\(\)\)\]"
             r"|\bInternal: could not parse ModelProto from "
             # torch.hub's check of a downloaded file against the hash in its name: what came is not the weights
             # (a link that serves an HTML page now, a download cut short)
             r"|RuntimeError: invalid hash value \(expected \"[0-9a-f]+\", got \"[0-9a-f]+\"\)"
             r"|Unable to load weights from (?:pytorch )?checkpoint file"
             # msgpack, the format of Flax's and paxml's checkpoints, reading a file cut short or two files in one
             r"|\bUnpack failed: incomplete input\b|ExtraData: unpack\(b\) received extra data"
             r"|Unable to find a valid file signature"
             r"|WeightsUnpickler error: Unsupported operand|pickle data was truncated"
             r"|Error while deserializing header|HeaderTooLarge|MetadataIncompleteBuffer"
             r"|[Tt]runcated file|[Ff]ile signature not found"
             # Caffe's weights that do not parse (an LFS pointer, an HTML page, a download cut short: a missing
             # file is "File not found"); Torch7's torch.load reading nothing where an object starts (an empty or
             # cut file, a folder given for the file)
             r"|Failed to parse NetParameter file: +\S+\.caffemodel\b|read error: read 0 blocks instead of \d+"
             r"|Checksum does not match: stored"
             # (and TF's saver restoring a V1 checkpoint file cut short: a kill or a full disk while it was written)
             r"|(?:Data loss|DataLossError): (?:Checksum|not an sstable|Unable to open table file"
             r"|file is too short to be an sstable)"
             r"|Invalid NDArray file format|invalid magic (?:characters|number)|llama_model_loader: failed to load"
             # whisper.cpp's loader given a file that is not a ggml model (a Git LFS pointer, an HTML page, a cut
             # download): its bad magic, a tensor it does not know or of another size
             r"|^whisper_model_load: (?:invalid model file '[^'\n]{0,400}' \(bad magic\)"
             r"|unknown tensor '[^'\n]{0,200}' in model file|tensor '[^'\n]{1,200}' has wrong size in model file)"
             r"|Model format error, expect"
             # torch's zip reader missing a tensor's record (a checkpoint cut short or its archive rebuilt)
             r"|inline_container\.cc:\d+\] \. file not found: \S+/data/\d+"
             # TF's tensor bundle reader given fewer bytes than its index promises (a download cut short)
             r"|Read less bytes than requested"
             # a GGUF whose tensor data runs past the file's end (llama.cpp and its users: Ollama, llama-cpp-python)
             r"|data is not within the file bounds|model is corrupted or incomplete"
             # onnxruntime loading a model file that does not parse (an LFS pointer, a download cut short)
             r"|INVALID_PROTOBUF : Load model from \S+ failed"),
    # TensorBoard logging with no writer installed (torch.utils.tensorboard names the release it needs, which reads
    # as a skew, but none is installed), and a checkout's own extension never built: before version_mismatch, which
    # reads "cannot import name"
    Rule("part_not_installed", CONFIG, "missing_module",
         log=r"TensorBoard logging requires TensorBoard with Python summary writer installed"
             # Julia's package extension whose trigger package is not loaded (or not of a release that loads it):
             # ``ERROR: Please load the `SymbolicUtils` package to use `node_to_symbolic`.``
             r"|^ERROR: (?:\w{1,60}Error: ){0,2}Please load the `?[\w.]{1,100}`? package to use "
             # a driver's installer (NVIDIA's .run, its DKMS build) with no headers of the running kernel installed
             r"|\bUnable to find the kernel source tree for the currently running kernel\b"
             # jaxlib's CUDA plugin unable to load one of NVIDIA's libraries (cuDNN, cuSPARSE ...: the pip wheels of
             # another release, or none); mujoco_py without the MuJoCo binaries it wraps
             r"|(?:CUDA backend failed to initialize|Error): Unable to load cu[A-Za-z]{2,12}\. Is it installed\?"
             r"|\bYou appear to be missing MuJoCo\b"
             # a framework's integration module without the library it wraps (BentoML's ``sklearn is required in
             # order to use the module `bentoml.sklearn`, install sklearn with `pip install sklearn```)
             r"|\bis required in order to use (?:the )?module `[\w.]+`"
             # an FFmpeg built without the encoder the job asks for (LeRobot's libsvtav1, libx264 in a minimal build)
             r"|\bUnknown encoder '\w+'"
             # ND4J (Deeplearning4j) finding no native backend for its platform (nd4j-native or nd4j-cuda missing)
             r"|ND4J is probably missing dependencies"
             # apex installed without its compiled parts (pip install without --cuda_ext / --cpp_ext): its fused
             # optimizers and layers refuse to start ("apex.optimizers.FusedAdam requires cuda extensions")
             r"|\bapex\.\w+(?:\.\w+)* requires (?:cuda|CUDA|C\+\+) extensions?\b"
             r"|Neither `tensorboard` nor `tensorboardX` is available"
             # Megatron's data helpers, a C++ extension of the checkout itself, never built (``make`` in its data
             # folder; on a multi-node run, built on one node's disk only)
             r"|cannot import name 'helpers' from 'megatron\.(?:core\.datasets|data)'"
             # DeepSpeed's CPU optimizers whose C++ op never built or loaded (its __del__ then reads the missing
             # handle): ``'DeepSpeedCPUAdam' object has no attribute 'ds_opt_adam'``
             r"|'DeepSpeedCPU\w+' object has no attribute 'ds_opt_\w+'"
             # a protobuf module a checkout generates with protoc and never did (TF's Object Detection API's
             # ``preprocessor_pb2``)
             r"|^ImportError: cannot import name '\w+_pb2'$"
             # PyG's extensions (torch_scatter, torch_sparse, torch_cluster) finding no compiled library of theirs
             # (importlib's find_spec returned None for it)
             r"|AttributeError: 'NoneType' object has no attribute 'origin'$"
             # HDF5 reading a dataset written with a compression filter (blosc, zstd, bitshuffle) whose plugin is not
             # installed (hdf5plugin, the filter's own package): it looks in its plugin folder, or names the filter
             r"|can't open directory: \S*/plugin\)?$|required filter '[^']+' is not registered"
             # soundfile's Python wrapper finding no libsndfile on the system (a container without it)
             r"|\bsndfile library not found\b"
             # torch.compile's inductor with no usable Triton (a CPU-only or Windows install, a removed triton)
             r"|Cannot find a working triton installation"),
    # A checksum that does not match what Google Drive served: its quota page ("Too many users have viewed or
    # downloaded this file recently") saved in place of the file, a refusal that lifts later; before version_mismatch,
    # which reads a checksum mismatch from any other source as the source having changed.
    Rule("drive_quota", TRANSIENT, "rate_limited",
         log=r"(?:NonMatchingChecksumError: |^)Artifact https://drive\.google\.com/"),
    # Releases and builds that do not fit each other, in words the main rule below has no room for (its pattern is
    # near RE2's size limit): Triton failing to compile a kernel an installed library ships (liger's, unsloth's,
    # "'tensor' object has no attribute 'cast'"), unsloth refusing to patch a peft another package imported first,
    # a library built without the GPU support the job asks for (XGBoost's, LightGBM's CPU wheels), a host compiler
    # nvcc does not support (a newer Visual Studio on Windows, gcc past CUDA's).
    # A JIT build (torch's cpp_extension, DeepSpeed's ops, Triton's launcher under torch.compile) whose linker finds
    # no library it links against (``ld: cannot find -lcuda``: only the driver's libcuda.so.1, no dev link; a CUDA
    # without curand), or whose ninja cannot read the build file it was given; before version_mismatch, which reads
    # the build's own failure (``ninja: build stopped``) as releases that do not fit.
    Rule("link_library_missing", CONFIG, "missing_file",
         log=r"(?:^|/)(?:ld|ld\.\w+|collect2)(?:\.exe)?: (?:error: )?cannot find -l[\w+.-]+"
             # ... or a library named by its path (a linker script's ``/lib64/libpthread.so.0`` on a host whose glibc
             # moved it: FEniCS' JIT on a newer distribution)
             r"|(?:^|/)(?:ld|ld\.\w+)(?:\.exe)?: (?:error: )?cannot find /[^:\n]{1,300}: No such file or directory"
             # ... or make without a file a target needs and no rule to make it (a header or a source not there)
             r"|" + _MAKE_NO_RULE + r", needed by [`'‘]"
             # a header of the other extensions than missing_file reads (OpenFOAM's ``.H``, C++'s inline files): the
             # rule that reads the rest is at the linear-time engine's size limit
             r"|\bfatal error: [\w./-]+\.(?:H|inl|ipp|tcc|inc): No such file or directory\s*$"
             r"|^ninja: error: loading 'build\.ninja': "
             # ... or ninja's words for make's: an input no edge builds (a prebuilt library a download lacked)
             r"|^ninja: error: '[^'\n]{1,500}', needed by '[^'\n]{1,500}', missing and no known rule to make it"
             # a C++ runtime's own loader of its plugins (OpenVINO's device plugins: ``Cannot load library
             # 'libopenvino_intel_myriad_plugin.so: ...``)
             r"|\bCannot load library '[^'\n]{1,300}: cannot open shared object file: No such file or directory"
             # Node's loader refusing a native addon on Windows (tfjs-node's binding: the DLL it loads, or one beside
             # it, not where it looks), in Windows' words for a DLL not found; both authors read a file not there
             r"|^Error: The specified module could not be found\.$"),
    # A package built from source at install (pip's setup.py build, distutils) whose build tool is not on the machine:
    # swig, a C compiler, cmake. distutils says "unable to execute"; on Windows it says only that the command failed
    # with no result. Before builds_that_do_not_fit, which reads the build's own failure as releases that do not fit.
    Rule("build_tool_missing", CONFIG, "command_not_found",
         log=r"\bunable to execute '[^']+': No such file or directory"
             # cargo with no C linker on the machine (a Rust extension built at install)
             r"|^error: linker `[^`\n]{1,100}` not found"
             r"|^\s*error: command '[^']+' failed: (?:None|No such file or directory)$"
             # a compiler a JIT needs at run time, not in the image: torch.compile's inductor (its CPU kernels) and
             # Triton (its driver's helper module), each in any wrapper's line
             r"|\bNo working C\+\+ compiler found in torch\._inductor\.config"
             r"|\bFailed to find C compiler\. Please specify via CC\b"
             # ... and nvcc unable to find the host compiler it hands the C++ side to (MSVC's cl.exe not on PATH, a
             # Visual Studio environment it cannot set up)
             r"|^nvcc fatal\s*: (?:Cannot find compiler '[^'\n]+' in PATH"
             r"|Could not set up the environment for Microsoft Visual Studio\b)"),
    # A library built without what the job calls, too old for the GPU or the model it is handed, or of a release its
    # caller does not fit, in words no other cause takes: an extension compiled without CUDA (pytorch3d's,
    # torch_scatter's); cuFFT's internal error under torch.stft (CUDA 11.7's cuFFT on Ada GPUs: a torch of another
    # CUDA); an old torch's THC asking a newer GPU's properties (error 11 in THCGeneral.cpp); coremltools older than
    # the torch that traced the model; fsspec newer than the datasets release that globs with it
    Rule("build_lacks_it", CONFIG, "version_mismatch",
         log=r"\bNot compiled with (?:GPU|CUDA) support\b|\bCUDA support was not enabled at compile time\b"
             # ONNX Runtime's package built without the execution provider the session asks for (onnxruntime-web's
             # JS or WebGPU provider, a CPU wheel asked for CUDA)
             r"|\bexecution provider is not supported in this build\b|\bCan't append execution provider: \w+"
             r"|\bcuFFT error: CUFFT_INTERNAL_ERROR\b"
             r"|\bcuda runtime error \(11\) : invalid argument at \S*THCGeneral\.cpp:\d+"
             r"|\bPyTorch convert function for op '\w+' not implemented\b"
             # fsspec from 2023.9 refusing the glob an older datasets release builds for a hub dataset's files
             r"|\bInvalid pattern: '\*\*' can only be an entire path component\b"
             # Python 2's words for a module without the attribute (no module named: ``'module' object has no
             # attribute 'StandardGpuResources'``, faiss's CPU build): eight of the corpus's nine authors read a
             # release or a build, as the named Python 3 words read in ``version_mismatch``
             r"|\bAttributeError: 'module' object has no attribute '\w+'$"
             # tensorflow-io's native library built for another TensorFlow than the one installed (an undefined
             # symbol), in its loader's words
             r"|\bNotImplementedError: unable to open file: lib\w+\.so\b"
             # a mobile runtime built without ops the model holds: TensorFlow Lite without the Flex delegate's
             # TensorFlow ops, ExecuTorch without a kernel its program calls, ncnn without a layer its param file names
             r"|\bSelect TensorFlow op\(s\), included in the given model, is\(are\) not supported by this interpreter\b"
             r"|\bEncountered unresolved custom op: \w+|\bMissing operator: \[\d+\] [\w:.]+"
             r"|^layer \w+ not exists or registered$"
             # a netCDF (CDO's, NCO's) built without the HDF5 layer a NetCDF-4 file needs
             r"|\bUnsupported file type \(library support not compiled in\)"),
    Rule("builds_that_do_not_fit", CONFIG, "version_mismatch",
         log=r"(?:^|triton\.compiler\.(?:errors\.)?)CompilationError: at \d+:\d+:"
             # nvcc of CUDA 11 with gcc 11's standard library headers (a CUDA extension built on a newer distribution)
             r"|\bstd_function\.h:\d+:\d+: error: parameter packs not expanded with '\.\.\.':"
             # a package built from source on Windows without Microsoft's C++ build tools (setuptools' words)
             r"|\bMicrosoft Visual C\+\+ 14\.0 or greater is required\b"
             # jaxlib's CUDA plugin finding a CUDA library (cuDNN, cuBLAS, ...) older than the one it was built against,
             # in JAX's word that the backend failed (its glog I line listing each backend it tried is not that)
             r"|CUDA backend failed to initialize: Found \w+ version \d+, but JAX was built against version \d+"
             # bitsandbytes with no binary for the CUDA or ROCm release it found (a source build for another one)
             r"|Configured (?:CUDA|ROCm) binary not found at \S"

             # a host compiler older than the C++ standard torch's headers ask (gcc 4.8 under a JIT build); a
             # library's own bounds on another's release (Transformer Engine's "FlashAttention maximum version
             # 2.5.8 is supported.")
             r"|#error C\+\+\d\d or later compatible compiler is required"
             r"|\bFlashAttention (?:maximum|minimum) version \S+ is (?:supported|required)"
             # a model of an architecture the loader's release predates (llama.cpp and what bundles it: Ollama,
             # llama-cpp-python; its converter): a newer release knows it
             r"|unknown model architecture: '|^ERROR:hf-to-gguf:Model \w+ is not supported"
             # ... Ollama's import of a model (``ollama create`` from safetensors) whose architecture its converter
             # predates; a GGML file of a format the loader's release dropped (reconverted, or an older loader)
             r"|^Error: unsupported architecture\b|\berror=\"unsupported architecture\b"
             r"|\berror loading model: this format is no longer supported\b"
             # a kernel module (the NVIDIA driver's, gdrcopy's) of a release older than the kernel it is built for: the
             # kernel made a symbol it uses GPL-only (DKMS after a kernel update); a newer release of the module builds
             r"|^ERROR: modpost: GPL-incompatible module \S+ uses GPL-only symbol '"
             # HDF5's check that the library loaded is the one a program or h5py was built against (then it aborts)
             r"|\*\*\*HDF5 library version mismatched error\*\*\*|^Headers are \d+\.\d+\.\d+, library is \d+\.\d+\.\d+"
             # onnxruntime-gpu finding CUDA but not the CUDA or cuDNN release it was built for (insightface's providers)
             r"|\bCUDA_PATH is set but CUDA wasn'?t able to be loaded\b"
             # ... pip's summary of a package it had to build from source and could not (no wheel for this Python or
             # CUDA; what the build lacked, when a line above names it, decides first)
             r"|^ERROR: (?:Could not build wheels for \S+|Failed building wheel for \S+)"
             # ... DKMS's word for the same build of a driver's module failing against a newer kernel
             r"|\bError! Bad return status for module build on kernel: "
             # ... llama.cpp (and Ollama, llama-cpp-python) given a GGUF its release reads otherwise: a converter's
             # newer tensors (Llama 3.1's rope factors) or a vocabulary of another size
             r"|\berror loading model: (?:done_getting_tensors: wrong number of tensors|check_tensor_dims: tensor ')"
             # ... or a file of an architecture its release reads with other tensor names (a StarCoder GGML file
             # under a llama.cpp that knew only LLaMA: ``error loading model: missing tok_embeddings.weight``)
             r"|\berror loading model: (?:missing (?:tensor '|[\w.]{1,100}\.weight\b)"
             r"|(?:[\w.]{1,40}: )?tensor '[^'\n]{1,200}' (?:is missing|not found)"
             r"|create_tensor: tensor '[^'\n]{1,200}' not found)"
             # numba of a release that cannot read this Python's bytecode (numba 0.53 under Python 3.10)
             r"|Failed in \w+ mode pipeline \(step: analyzing bytecode\)|\bUse of unsupported opcode \(\w+\) found"
             # ... or a quantisation type it predates (a file quantised by a newer llama.cpp); Paddle2ONNX given a
             # program of a newer PaddlePaddle's format; Caffe given a layer its build was compiled without (a
             # project's custom layer); TensorRT's kernel library of another build than the GPU needs
             r"|error loading model: unrecognized tensor type \d+|\[Paddle2ONNX\] Paddle model parsing failed"
             r"|Unknown layer type: \w+ \(known types: |Assertion validateCaskKLibSize\("
             # ... or a prototxt with a parameter only a fork's Caffe knows (py-R-FCN's psroi_pooling_param)
             r"|Message type \"caffe\.\w+\" has no field named \"\w+\""
             # ... as Keras does with its own classes saved by another Keras generation (tf.keras 2's 'Functional'
             # under Keras 3, a TF op layer or preprocessing layer under an older Keras): not a custom class missing
             r"|(?:Could not locate class|Unknown layer:) '?(?:Functional|Sequential|InputLayer|TFOpLambda"
             r"|SlicingOpLambda|Rescaling|Normalization|Random(?:Flip|Rotation|Zoom|Crop|Translation|Contrast)"
             r"|MultiHeadAttention|Dense|Conv[123]D|LayerNormalization|BatchNormalization)\b'?"
             # ... as Darknet's parser does with a .cfg section only another fork knows (AlexeyAB's [sam] in pjreddie's)
             r"|^Type not recognized: \[\w+\]"
             # rocBLAS of a ROCm release that ships no kernels for this GPU (gfx1103 on ROCm 5.7)
             r"|rocBLAS error: Cannot read .*TensileLibrary\S*: .* for GPU arch : gfx\w+"
             # an MPI that does not fit what launches it or what it was built with: Open MPI without Slurm's PMI
             # started by srun, horovodrun of a release that knows only Open MPI's mpirun, an mpiexec whose own
             # libraries are of another install
             r"|OMPI was not built with SLURM's PMI support|Unknown MPI implementation given in output of mpirun"
             r"|: Symbol `\w+' has different size in shared object, consider re-linking"
             # a compiled extension built against another torch (fbgemm_gpu's own log line before its OSError)
             r"|Could not (?:load )?the library '[^']+': \S+: undefined symbol: "
             # then torch.ops without the operator the extension would have registered
             r"|'_OpNamespace' '\w+' object has no attribute '"
             # a JAX config flag its release removed, read by a library of an older day (Haiku, Flax) or the program
             r"|'Config' object has no attribute 'jax_\w+'"
             # an old release of a library fetching from a location that moved for good (flair's S3 bucket)
             r"|HEAD request failed for url \S+ with status code 30[18]\b"
             # TensorRT's ONNX parser of a release older than the model's opset or graph (a Jetson's TensorRT 5 or 6),
             # and an engine file built by another TensorRT or on another GPU
             r"|^ERROR: [Ff]ailed to parse (?:the )?ONNX file|^While parsing node number \d+ \[\w+"
             r"|^In node -?\d+ \(\w+\): (?:INVALID_GRAPH|INVALID_NODE|UNSUPPORTED_NODE): "
             # (its deserializer's check of a file's version or magic tag: ``Serialization assertion magicTagRead ==
             # kMAGIC_TAG failed.Magic tag does not match``, an engine or timing cache of another TensorRT, or none)
             r"|Serialization Error in deserialize: |Deserialize the cuda engine failed"
             r"|\b(?:Version|Magic) tag does not match\b"
             r"|The engine plan file is (?:not compatible with this version of TensorRT|generated on an incompatible"
             r" device)"
             # ONNX Runtime with no kernel of an operator at the model's opset (a model exported for a newer opset,
             # or a build without the contrib or quantized kernels)
             r"|\bNOT_IMPLEMENTED : Could not find an implementation for \w+\(\d+\) node with name\b"
             # NCCL's communicator set-up calling a CUDA API this driver or platform does not offer (cuMem or
             # memory pools under a vGPU, an older driver): an NCCL of another release than the platform takes
             r"|NCCL WARN Cuda failure 'operation not supported'"
             # TF with no kernel of an op for the device it placed it on (tensorflow-metal's plugin, a build without
             # the op's GPU kernel): another build, or the op pinned elsewhere
             r"|No registered '\w+' OpKernel for '?(?:GPU|TPU|DEFAULT)'? devices compatible with node"
             # ... or with no kernel of it at all in this build (``NcclAllReduce`` in TF's Windows builds)
             r"|No OpKernel was registered to support Op '\w+' used by "
             # a ptxas (Triton's own, a container's CUDA) older than the GPU it compiles for (B200's sm_100)
             r"|ptxas(?:-\w+)? fatal\s*: Value 'sm_\d+[af]?' is not defined for option 'gpu-name'"
             # ... or handed code built for an architecture-specific target (sm_90a) to lower for another GPU
             r"|ptxas(?:-\w+)? fatal\s*: Program with \.target 'sm_\d+[af]?' cannot be compiled to future architecture"
             r"|Unsloth: Please import Unsloth before \w+"
             # the dynamic linker starting a program whose library is of another build than it was linked with
             r"|: symbol lookup error: \S+: undefined symbol: "
             # ptxas older than the PTX a compiler (Triton under torch.compile, XLA) emits; a jaxlib of another
             # release than jax
             r"|ptxas \S+, line \d+; fatal\s*: Unsupported \.version \d+\.\d+; current version is"
             r"|jaxlib version \S+ is newer than and incompatible with jax version"
             r"|XGBoost version not compiled with GPU support|GPU Tree Learner was not enabled in this build"
             # ... and in other libraries' words (Horovod's, PaddlePaddle's; torch's own are no_gpu's, before this)
             r"|\bbut not compiled with CUDA\b|\bnot (?:compiled|built) with (?:CUDA|NCCL|ROCm|GPU) support\b"
             r"|\bis not compiled with (?:CUDA|GPU)\b"
             # MatConvNet's MEX files compiled without GPU support, handed gpuArrays
             r"|\bAn input is not a numeric array \(or GPU support not compiled\)"
             r"|unsupported (?:Microsoft Visual Studio|GNU|clang) version! "
             # an extension built against another numpy's C API; torch and its cuDNN; a wheel built for CPU
             # instructions this machine lacks (x86 jaxlib under Rosetta, TF on an old Xeon); no CUDA toolkit
             # to build an extension with; a Windows DLL or one of its dependencies missing or of another build;
             # Keras given tf.keras's optimizer (or the other way round)
             r"|module compiled against (?:API |ABI )?version (?:0x)?[0-9a-fA-F]{1,10} (?:of C-API )?but this "
             r"version of numpy is|cuDNN version incompatibility: PyTorch was compiled\s+against"
             r"|jaxlib was built using AVX instructions|compiled to use AVX instructions, but these aren't available"
             r"|\[WinError 12[67]\] .{0,200}\bError loading \"[^\"]{1,500}\" or one of its dependencies"
             # ... the same words wrapped by a logger, the DLL's path alone on the next line (the error's own text
             # localised: ``Das angegebene Modul wurde nicht gefunden``)
             r"|^\s*\"[^\"\n]{1,500}\.dll\" or one of its dependencies\.?$"
             r"|Could not interpret optimizer identifier: "
             # xformers' dispatcher with no kernel for the call: built for another torch or CUDA, without CUDA, or
             # for other GPUs or dtypes than the job's (its per-operator reasons follow, and a poster often cuts them)
             r"|No operator found for `(?:memory_efficient_attention|fmha)\w*`|xFormers wasn't build with CUDA support"
             # llama.cpp's converter newer than the gguf package it imports (an architecture its enums lack)
             r"|type object '(?:MODEL_ARCH|MODEL_TENSOR|GGMLQuantizationType|LlamaFileType)' has no attribute"
             # Ascend's CANN without the operator kernels for this chip (the ops package not installed or of
             # another release): ``EZ9999: ... Op Cast does not has any binary.``
             r"|\bOp \w+ does not has any binary\b|\bCannot find bin(?:ary)? (?:of|for) op \w+"
             # Keras 2 code under Keras 3: a symbolic tensor handed to TF ops, an optimizer's removed ``lr``/``decay``;
             # timm without the model a program names (a newer or older timm than the program's)
             r"|A KerasTensor cannot be used as input to a TensorFlow function"
             r"|Argument\(s\) not recognized: \{'(?:lr|decay)': "
             r"|^(?:RuntimeError: )?Unknown model \(\w+\)$"
             # a raised error saying the release took away what the program uses (Lightning 2's ``Support for
             # `validation_epoch_end` has been removed in v2.0.0``)
             r"|" + _EXC_LINE + r".*\b(?:has been|was|were|have been) removed in (?:version |release )?v?\d"
             # ... naming the library (JAX's ``jax.tree_map was removed in JAX v0.6.0``), also where a harness's summary
             # puts its count before the exception (milabench's ``* 1 x AttributeError: ...``)
             r"|\b(?:Attribute|Import|Type|Value|Runtime)Error: \S+ (?:has been|was) removed in [A-Z][\w-]{0,20}"
             r" (?:version |release )?v?\d"
             # torchvision registering its ops' meta kernels over a torch whose build has no such op
             r"|operator (?:torchvision|torchaudio|mmcv|detectron2|xformers|flash_attn)::\w+ does not exist"
             # datasets under an fsspec newer than it knows (its cache's file system seen as a foreign one);
             # TF's cuDNN RNN finding no cuDNN it can use
             r"|Loading a dataset cached in a LocalFileSystem is not supported"
             # torch._six's names, gone from torch 1.9 and 2.0, imported by code written before
             r"|cannot import name '(?:container_abcs|string_classes|int_classes)'"
             r"|Fail to find the dnn implementation"
             # a libtpu or PJRT plugin of another release than the framework's (another framework's, loaded first);
             # keras-tuner given a tf_keras model where it expects Keras 3's
             r"|Mismatched PJRT plugin PJRT API version"
             r"|to return a valid Keras Model instance\. Received: <tf_keras\."
             # the linker refusing a symbol two objects both define: old C sources under gcc 10 and later
             # (``-fno-common`` by default), a bundled library beside the system's copy
             r"|\bmultiple definition of [`‘'][\w:~<>, *&]{1,200}['’]"),
    Rule("version_mismatch", CONFIG, "version_mismatch",
         log=r"did not match any variant of untagged enum|Dataset scripts are no longer supported"
             # ONNX Runtime given a model exported by a newer onnx (its IR version past what the runtime reads)
             r"|Unsupported model IR version: \d+, max supported IR version: \d+"
             # ... and the mobile runtimes' words for it: TensorFlow Lite without the op version a newer converter
             # wrote, PyTorch Mobile's lite interpreter given bytecode of another torch (its own spelling), the Edge
             # TPU's delegate refusing a model its compiler's release made for another runtime
             r"|\bDidn't find op for builtin opcode '\w+' version '\d+'"
             r"|\bLite Interpreter vers(?:ion|on) number does not match\b"
             r"|\(EdgeTpuDelegateForCustomOp\) failed to prepare\b"
             # nibabel's (and other packages' deprecator's) error for an API whose removal version has come
             r"|\bExpiredDeprecationError: "
             # OmegaConf 2.1 removed DictConfig.pretty() (a script of the 2.0 days calls it)
             r"|ConfigAttributeError: Missing key pretty\b"
             # tensorstore opening a zarr array orbax wrote with another release's compressor
             r"|Error opening \"zarr\" driver: Expected \"compressor\" of "
             # a container image that ships a driver library the NVIDIA hook mounts over (WSL2's, an image built with
             # the driver in it); Singularity unable to mount a SIF's squashfs (an old runtime or kernel)
             r"|nvidia-container-cli: mount error: file creation failed: \S+\.so(?:\.\d+)*: file exists"
             r"|failed to mount squashfs filesystem: invalid argument"
             # torch.compile on a Python its release does not support yet; torchcodec's native part not loading (its
             # FFmpeg or its torch of another release)
             r"|\b(?:Dynamo|torch\.compile) is not supported on Python 3\.\d+\+?|\bCould not load libtorchcodec\b"
             # an Open MPI program whose PMIx client the launcher did not set up (srun without the PMI plugin the
             # program's Open MPI was built for, another MPI's mpirun): before launch_setup's failed MPI_Init
             r"|OPAL ERROR: (?:Not initialized|Unreachable) in file (?:pmix\w*|ext\w*)_client\.c at line \d+"
             # an extension's C++, CUDA or HIP sources that name what the installed toolkit or library does not
             # declare (apex's cuBLAS compute types under ROCm 5.7; THC headers torch 1.11 removed; a renamed
             # at:: call): clang's, nvcc's and gcc's words for an unknown name, in a source file of the build
             r"|\.(?:cu|cuh|cpp|cc|cxx|c|h|hpp|hip)(?:\(\d+\)|:\d+(?::\d+)?): (?:fatal )?error: (?:use of undeclared"
             r" identifier '|identifier \"\w+\" is undefined|[‘'][\w:]+[’'] was not declared in this scope"
             r"|[‘'][\w:]+[’'] is not a member of [‘']|[‘'][^’'\n]{1,200}[’'] has no member named [‘']"
             r"|no member named '\w+' in (?:namespace )?'"
             # (nvcc's for a call or a constructor that the declared API does not take: TF's op registration under
             # another TF's headers)
             r"|no instance of (?:overloaded function|function template|constructor) \"[^\"]{1,200}\" matches the"
             r" argument list)"
             # an extension built with a CUDA toolkit other than the one torch was built with (torch's cpp_extension);
             # a package's setup refusing the toolkit it found (flash-attn's); pip's resolver finding no set of
             # releases that fits the pins together
             r"|\bThe detected CUDA version \([\d.]+\) mismatches the version that was used to compile"
             r"|\bis only supported on CUDA \d+(?:\.\d+)? and above\b"
             r"|because these package versions have conflicting dependencies|\bResolutionImpossible: for help visit"
             # ... uv's and Poetry's resolvers in their words; a package (or a PyO3 build) refusing this Python; uv
             # finding no wheel of a pinned build for this platform
             r"|\bNo solution found when resolving dependencies\b|\bversion solving failed\b|\bSolverProblemError\b"
             r"|\brequires a different Python: [\d.]+ not in '|is newer than PyO3's maximum supported version\b"
             r"|\bdoesn't have a source distribution or wheel for the current platform\b"
             # CMake older than the project's cmake_minimum_required
             r"|\bCMake [\d.]+ or higher is required\.\s+You are running version \d"
             # ... Meson's own check; R's namespace loaded at one release while a package needs a newer one, or a
             # package built for an R before 4.0; Julia's resolver finding no releases that fit together
             r"|\bMeson version is [\d.]+ but project requires\b"
             r"|\bnamespace [‘'][\w.]+[’'] [\d.\-]+ is (?:already loaded|being loaded), but [>=<]=? ?[\d.\-]+ is "
             r"required\b|\bwas installed before R \d\.\d\.\d: please re-install it\b"
             r"|\bUnsatisfiable requirements detected for package \w+ \["
             # ... and any build's or tool's own check of a tool's release (snowboy's Makefile: ``You need at least
             # Swig 3.0.10 to run``; ``Bazel 5.3.0 or higher is required``)
             r"|\b[Yy]ou need (?:at least|a newer) [\w.+-]{1,40} (?:version )?v?\d+(?:\.\d+)+"
             r"|^\s*[\w.+-]{1,40} v?\d+(?:\.\d+)* or (?:higher|later|newer) is required\b"
             # pip given a wheel built for another Python or platform (an agent's pinned torch wheel for cp38 in a
             # 3.9 environment)
             r"|\.whl is not a supported wheel on this platform"
             # an OpenMMLab registry meeting a name registered twice: a package of another release registers what
             # the installed torch or mmcv now has (``Adafactor is already registered in optimizer at torch.optim``)
             r"|\b\w+ is already registered in [\w ]+ at [\w.]+|\b\w+ is already registered in [\w ]+'\W*$"
             # Keras 3 unable to trace a layer written for Keras 2 (a graph library's layer with no
             # compute_output_spec): the library and the Keras installed are of different generations
             r"|Could not automatically infer the output shape / dtype of '\w+' \(of type \w+\)"
             # a library's own check naming the release that cannot take the model or file (unsloth's model newer
             # than the transformers installed; T5X's checkpoint of an older format than its Orbax reads)
             r"|\bis not supported (?:yet )?in `?[A-Za-z][\w.-]*==\d"
             r"|\b[Cc]heckpoint versions? (?:earlier|older|lower) than \d+ (?:are|is) not supported"
             # ... or a model architecture newer than the training library's release (unsloth, a fine-tuning kit)
             r"|\b\w+For(?:CausalLM|ConditionalGeneration|SequenceClassification)\w* is not (?:yet )?supported\b"
             # transformers' Cache object indexed as the legacy tuple of layers by code written for an older release
             # (a model's remote code, a generation helper)
             r"|Cache only has \d+ layers, attempted to access layer with index \d+"
             # Habana's HCL built for other servers than this one (a Gaudi release that does not know AWS DL1's type)
             r"|Invalid server type \(\d+\[\w+\]\) requested to generate controller"
             # flash-attn 1's own check of the GPU's architecture (a V100's sm70 is none of those its build has)
             r"|Expected is_sm\w+(?: \|\| is_sm\w+)* to be true, but got false"
             # a package's own check of another's release (Open3D-ML's ``Version mismatch: Open3D needs PyTorch version
             # 1.8.*, but version 2.0.1+cpu is installed!``); Triton finding no backend its release can drive; MLflow's
             # tracking database of an older schema than the server
             r"|\bneeds \w+ version \S+, but version \S+ is installed\b"
             # Ray's client joining a cluster started by another Ray or Python ("Version mismatch: The cluster was
             # started with:\n    Ray: 2.2.0")
             r"|Version mismatch: The cluster was started with:"
             # NumPy 2's copy keyword met by code written for 1.x (fasttext's ``np.array(probs, copy=False)``); an nvcc
             # older than the C++ standard a JIT compiler asks of it (Jittor's ``-std=c++14`` to CUDA 8)
             r"|Unable to avoid copy while creating an array as requested"
             r"|nvcc fatal\s*: Value '[^']+' is not defined for option 'std'"
             # pybind11 importing an extension whose default argument is a type of another extension's build (spconv's
             # tv::Tensor from a cumm of another release or compiler ABI)
             r"|ImportError: arg\(\): could not convert default argument '[^']*' (?:in function '\w+' )?into a Python"
             r" object"
             r"|\b0 active drivers \(\[\]\)\. There should only be one\b"
             r"|Detected out-of-date database schema \(found version \w+, but expected \w+\)"
             # Flower's ClientApp given a client_fn of the API before 1.8 (one taking a cid, not a Context)
             r"|cannot make use of a `client_fn` that does not have a signature in the form"
             # coremltools' converter and a torch that traces an op with another arity; an exporter calling a
             # private torch function its release does not have; a TF (Serving) older than the graph's ops
             r"|unexpected number of inputs for node \S+ \(\w+\): \d+"
             r"|\bnode \S+ \(\w+\) got \d+ input\(s\), expected \d+"
             # the JVM running code built against other releases of its libraries (or a newer Java)
             r"|\bjava\.lang\.(?:NoSuchMethodError|NoSuchFieldError|AbstractMethodError|IncompatibleClassChangeError"
             r"|UnsupportedClassVersionError)\b"
             # ... and .NET's CLR running an assembly built against another release of one it loads (ML.NET's
             # TorchSharp trainers over another TorchSharp), or a native library without the entry point its binding
             # calls (LibTorchSharp.dll of another release: Windows' 0x8007007F)
             r"|\bSystem\.(?:MissingMethodException|MissingFieldException|TypeLoadException|EntryPointNotFoundException)\b"
             r"|^\s*Message=Method not found: '"
             r"|in type '[^']+' from assembly '[^']+' does not have an implementation\."
             r"|Unable to load DLL '[^']+' or one of its dependencies: The specified procedure could not be found\."
             r"|export failure: (?:module )?'torch\.[\w.]+' (?:object )?has no attribute '\w+'"
             r"|Op type not registered '\w+' in binary running on "
             # torch 2's launcher passes --local-rank (a hyphen) to a script written for --local_rank; a CLI
             # older than the subcommand a script calls (argparse lists the subcommands it has in braces);
             # MXNet built without a feature
             r"|: error: unrecognized arguments: --local-rank=\d+|: error: argument \{[\w,-]+\}: invalid choice: "
             r"|: error: invalid choice: '[\w-]+' \(choose from "
             # tyro's (nerfstudio's ns-train) parsing-error box: the subcommands it has in braces, wrapped
             r"|\}: invalid choice: '[\w-]+' \(choose\b"
             r"|\b[Cc]ompile with USE_\w+=1 to\b"
             r"|`trust_remote_code` is not supported anymore"
             # transformers' AutoConfig before a model type existed (``KeyError: 'qwen2'`` from CONFIG_MAPPING; later
             # releases say "does not recognize this architecture"): the installed release is older than the model
             r"|^\s+config_class = CONFIG_MAPPING\[config_dict\[\"model_type\"\]\]\s*$"
             # a CUDA toolkit without the GPU architecture asked of it (nvcc 12 dropped compute_35; an old Makefile's
             # compute_20); a kernel using bf16 assembled for a GPU older than sm_80 (a V100, a T4); a kernel image
             # without this GPU's code (``named symbol not found``: int4 kernels built for sm_80 on a Turing card)
             r"|nvcc fatal +: Unsupported gpu architecture '(?:compute|sm)_\d+[\w+]*'"
             r"|\bFeature '[^']{1,40}' requires \.target sm_\d+ or higher"
             r"|CUDA error: named symbol not found|CUDA_ERROR_NOT_FOUND, \"named symbol not found\""
             # NumPy 2's removed aliases (np.float_, np.Inf, ...), in NumPy's own words
             r"|`np\.\w+` was removed in the NumPy 2\.0 release"
             # Hydra before 1.2, without the version_base its newer callers pass
             r"|\bmain\(\) got an unexpected keyword argument 'version_base'"
             # Hydra 1.3's lazy help text in Python 3.14's argparse, which now tests it with ``in``
             r"|argument of type 'LazyCompletionHelp' is not a container or iterable"
             # Python 3.11's dataclasses refusing a default that older Pythons took (a config dataclass as another's
             # default: fairseq, Modulus-Sym, Hydra's structured configs): the package predates the Python. A list or
             # dict (``<class 'list'>``) was refused by every Python: the program's own slip
             r"|\bmutable default <class '\w+(?:\.\w+)+'> for(?: field \w+ is not allowed|\s*$)"
             r"|The filepath provided must end in `\.keras`|must end in `\.weights\.h5`"
             r"|CUDA Setup failed despite GPU being available|bitsandbytes was compiled without GPU support"
             # (older releases' words for it after their list of likely causes: ``CUDA SETUP: Setup Failed!``,
             # ``Something unexpected happened. Please compile from source``)
             r"|^CUDA SETUP: Setup Failed!|CUDA SETUP: Something unexpected happened\. Please compile from source"
             r"|Failed to find reverse path from remNode|use_libuv was requested but PyTorch was build without libuv"
             # an NCCL older than the host's PCI layout (WSL2, VMs): it cannot resolve a device's sysfs path
             r"|NCCL WARN Could not find real path of /sys/"
             # JAX's CUDA plugin that does not fit its jaxlib (PJRT API version) or the CUDA libraries installed
             # (cuDNN, cuSOLVER older than the build); only the raised error: an INFO line of it means JAX went on
             # on the CPU
             r"|RuntimeError: (?:Unable to initialize backend '(?:cuda|gpu|rocm)'|Backend '(?:cuda|gpu|rocm)' failed"
             r" to initialize): "
             # a TorchScript op (torch_scatter's scatter_add) called with another version's signature
             r"|\(\) expected at most \d+ argument\(s\) but received \d+ argument\(s\)\. Declaration: "
             # a CUDA library of the major version the package was built for (CTranslate2: cublas64_11.dll)
             r"|Library (?:lib)?(?:cublas|cudnn|cudart|cufft|curand|cusparse|cusolver|nvrtc)\w*\.(?:dll|so\S*)"
             r" is not found or cannot be loaded"
             r"|DNN library initialization failed"
             # an extension's op without kernels for the device: a CPU-only or mismatched torchvision, mmcv, ...
             r"|Could not run '(?:torchvision|torchaudio|mmcv|mmdet|detectron2|torch_scatter|torch_sparse|torch_cluster"
             r"|xformers|flash_attn|apex|\w+_ext|\w+_C)::\w+' with arguments from the '(?:CUDA|XPU|MPS|HIP)' backend"
             # ... and libtorch itself without its CUDA library (a CPU-only or unlinked libtorch under Rust's tch,
             # Java's DJL, C++): not even the op that makes an empty tensor runs on the device
             r"|Could not run 'aten::empty\w*(?:\.\w+)?' with arguments from the '(?:CUDA|XPU|MPS|HIP)' backend"
             # TF built, or run, without the file system (tensorflow-io's s3, a build without GCS)
             r"|File system scheme '(?:s3|gs|hdfs|viewfs|az|azfs|oss|http|https)' not implemented"
             r"|\bcadam32bit_grad_fp32\b|`save_format` argument is deprecated in Keras 3"
             r"|Keras 3 only supports V3 `\.keras`"
             r"|does not match the version torch was compiled with"
             r"|but Transformers does not recognize this architecture"
             r"|Weights only load failed"
             r"|WeightsUnpickler error: Unsupported global|Loaded runtime CuDNN library"
             r"|CuDNN library needs to have matching|but source was compiled with: |Outdated cuDNN installation found"
             r"|doesn't follow PyTorch's LRScheduler API|No module named 'torch\._six'"
             r"|compiled with different CUDA (?:major )?versions"
             r"|mismatches the version that was used to compile PyTorch"
             # (apex's own check of nvcc against torch's CUDA)
             r"|Cuda extensions are being compiled with a version of Cuda that does not match the (?:one|version) used"
             r"|is version \S+, but this version of \S+|Unknown model file format version"
             r"|failed to get PTX kernel \S+ from module: CUDA_ERROR_NOT_FOUND"
             r"|version \S+ not defined in file \S+ with link time reference"
             r"|numpy\.float64'?>? (?:object )?cannot be (?:safely )?interpreted as an integer"
             r"|Descriptors (?:cannot (?:not )?|should not )be created directly"
             # ... and its runtime refusing a generated module of another protobuf (a second protobuf in the path, an
             # old _pb2 under the upb runtime), or two packages registering one .proto file (sentencepiece's beside a
             # copy of it under the C++ runtime)
             r"|\bA Message class can only inherit from Message\b"
             r"|Couldn't build proto file into descriptor pool: duplicate file name\b"
             # a model config newer than the library (Llama 3.1's rope_scaling), two builds of one extension
             # registering a type (pybind11), a Docker before 19.03 (no --gpus), argparse given a typing type
             # (fairseq on a newer Python), Hydra 1.2 refusing 0.11's config_path
             r"|rope_scaling`? must (?:contain keys|be a dictionary with)"
             r"|generic_type: (?:cannot initialize type \"[^\"]*\": an object with that name is already defined"
             r"|type \"[^\"]*\" is already registered)|^(?:docker: )?unknown flag: --gpus$"
             r"|: error: argument \S+: invalid typing\.\w+"
             r"|Using config_path to specify the config name is not supported"
             # an op JIT-compiled at start (DeepSpeed's fused_adam, cpu_adam) that does not build against the
             # installed compiler, CUDA and torch; StableHLO bytecode from a newer jax than the runtime reads
             r"|Error building extension '|^ninja: build stopped: subcommand failed\.?$"
             r"|unknown vhlo (?:type|attribute|op) code"
             # TF found no usable cuDNN for the first convolution (another cuDNN than the one it was built for; a
             # memory failure prints its own OOM line, which the exhausted tier reads first); jax calling its compiled
             # jaxlib with another release's arguments (pybind11 lists jaxlib's own signature); a download whose
             # checksum the installed tfds/datasets release registered no longer matches what the source serves
             r"|DNN library is not found|^\s+\d+\. \(.*\bjaxlib\.(?:xla_extension|_jax|xla_client)\."
             r"|" + _exc("NonMatchingChecksumError", "NonMatchingSplitsSizesError", "ExpectedMoreSplits",
                         "ExpectedMoreSplitsError", "UnexpectedSplits")
             # cuDNN refusing a descriptor or an algorithm this build does not support
             # (as the failing call's own status, not a handle's destruction after another failure)
             + r"|(?:[Ee]rror(?:\(\d+\))?[:,] |vs\. 0\)\s+|^)CUDNN_STATUS_(?:BAD_PARAM|NOT_SUPPORTED)\b"
             # an old torch given a checkpoint in the zip format (1.6+); Python 2.6 given '{}' fields
             r"|is a zip archive \(did you mean to use torch\.jit\.load\(\)\?\)|zero length field name in format"
             r"|dataset attribute should not be set after DataLoader is initialized"
             # (and the lazy top-level module of transformers, diffusers and their kin in its own words, without
             # Python's quotes: ``module diffusers has no attribute AutoencoderKLWan``)
             + r"|" + _EXC_LINE + r": module (?:'" + PACKAGE_NAME
             + r"' has no attribute '|[a-z_][\w.]* has no attribute [A-Za-z_]\w*\.?(?: |$))"
             # transformers asked for FlashAttention 2 on a model class its release has no FA2 path for (a later
             # release added it)
             r"|The current architecture does not support Flash Attention 2\.0\."
             # a Python 2 module asked for under Python 3 (a legacy unpickler, code of that time); a pickle whose class
             # the installed release of its package no longer has (``Can't get attribute 'DGLGraph' on <module
             # 'dgl.heterograph' from '.../site-packages/...'>``; a class of the program's own ``__main__`` is its slip)
             r"|No module named '(?:__builtin__|cPickle|cStringIO|urllib2|ConfigParser)'"
             r"|Can't get attribute '\w+' on <module '[\w.]+' from '[^']*[\\/](?:site|dist)-packages[\\/]"
             # ... or whose class a YOLO checkout's own models package lacks (weights saved by another YOLOv5 or
             # Ultralytics release, loaded by a fork's older copy: ``Can't get attribute 'DetectionModel' on <module
             # 'models.yolo'``)
             r"|Can't get attribute '\w+' on <module 'models\.(?:yolo|common|experimental)'"
             # ... as a harness or a trainer logs its message alone (lm-evaluation-harness run from a recipe's script:
             # "An error occurred during evaluation: module 'lm_eval.tasks' has no attribute 'initialize_tasks'";
             # Chainer's "Exception in main training loop: module ...")
             + r"|(?:\b(?:[Ee]rror|ERROR)\b[^'\n]*|Exception in main training loop): module '" + PACKAGE_NAME
             + r"' has no attribute"
               r" '\w+'$"
             # (the module's path as the paste shortened it, ``(transformers/__init__.py)``, or the line cut short)
             r"|cannot import name '[\w.]+' from '[\w.]+(?:'(?: \((?:/|\w:\\|[\w.-]+/[\w./-]*\.py\))|\.?\s*$)|\s*$)"
             # ... or without its module (Python before 3.8): seven of the corpus's eleven authors read a release
             r"|^ImportError: cannot import name '\w+'$"
             r"|" + _EXC_LINE + r".*(?:\b(?:requires?|is required|needs)\b"
             r".*(?:>=|==|~=| or (?:above|later|newer|higher)\b)"
             r"|undefined symbol: "
             # (the library's name as a paste's editor linked it: ``.../[x.so](http://x.so/): undefined symbol:``)
             r"|GLIBCXX_\S+' not found)|^\s*\S+\.so(?:\.\d+)*(?:\]\(\S+\))?: undefined symbol: "
             # a binary built against a newer C library than the host's (a wheel or an extension for a newer distro),
             # in an error's words (not a library's warning that a driver it may use would not load)
             r"|\b\w*(?:Error|error): .*version `GLIBC_[\d.]+' not found \(required by "
             # ... or the dynamic loader's own line for a program it could not start (``/x/SC2_x64: /lib64/libc.so.6:
             # version `GLIBC_2.18' not found (required by ...)``): the line starts with the program's path
             r"|^\s*/\S+: /\S+\.so(?:\.\d+)*: version `GLIBC_[\d.]+' not found \(required by "
             # ... or the loader's reason alone, as Julia prints it below ``ERROR: Unable to load dependent library``
             # (``Message:/lib64/libstdc++.so.6: version `GLIBCXX_3.4.20' not found (required by ...)``)
             r"|^(?:Message: ?)?/\S+\.so(?:\.\d+)*: version `GLIBC(?:XX)?_[\d.]+' not found \(required by "
             # macOS's loader: a plugin (tensorflow-metal) built against another release than the one loading it
             r"|\bdlopen\([^)]*\.(?:dylib|so), 0x[0-9a-fA-F]+\): "
             r"(?:symbol not found in flat namespace|Symbol not found: )"
             # a cloud's structured log (Cloud Logging's JSON entries) quoting a library that failed to load
             r"|\"(?:message|textPayload)\": \".*\.so(?:\.\d+)*: undefined symbol: "),
    # A part of an installed framework that this release no longer (or does not yet) have: Python names
    # the top package alone when the package itself is missing (``tensorflow.contrib`` in TF 2,
    # ``pytorch_lightning.utilities.distributed`` in Lightning 2)
    Rule("framework_part_missing", CONFIG, "version_mismatch",
         log=r"No module named '(?:tensorflow|tf_keras|keras|torch|torchvision|torchaudio|torchtext|pytorch_lightning"
             r"|lightning|lightning_fabric|transformers|diffusers|datasets|huggingface_hub|accelerate|peft|trl"
             r"|deepspeed|jax|jaxlib|flax|optax|sklearn|scipy|numpy|pandas|torch_geometric|dgl|mmcv|mmdet|mmengine"
             r"|detectron2|timm|colossalai|gym|gymnasium|ray|tensorboard|wandb|bitsandbytes|xformers|vllm)\.\w"
             # a framework built against a CUDA release whose runtime this host lacks (``libcudart.so.8.0``): the
             # raised error only, since TF warns the same words and goes on on the CPU
             r"|(?:ImportError|OSError|NotFoundError): lib(?:cudart|cublas|cublasLt|cudnn|cufft|curand|cusparse"
             r"|cusolver|nvrtc|nccl|nvinfer|nvToolsExt|cupti|nvJitLink|cusparseLt)\.so\.\d+(?:\.\d+)*: cannot open"
             r" shared object file"),
    # What the interpreter or the machine cannot run, whatever the program does: the install is what to fix.
    Rule("runtime_does_not_fit", CONFIG, "version_mismatch",
         # an f-string Python cannot parse, as Pythons before 3.12 name its frame (``File "<fstring>", line 1`` then
         # ``(norm=)``): code written for a newer Python (3.8's ``=`` specifier, 3.12's nested quotes), the package's or
         # the program's, with or without the SyntaxError line a paste kept
         log=r'^\s*File "<fstring>", line \d+\s*$'
             # two copies of Intel's OpenMP runtime loaded into one process (a conda MKL numpy beside a pip torch, on
             # Windows and macOS most often): the runtime aborts at start
             r"|OMP: Error #15: Initializing lib\w+\.(?:dll|dylib|so), but found lib\w+\.(?:dll|dylib|so) already "
             r"initialized"
             # TensorFlow's own check that this CPU has the instructions its build uses (AVX, SSE4.1), before it
             # aborts: a build for newer CPUs (not its info line "Your CPU supports instructions that this TensorFlow
             # binary was not compiled to use", which a job goes on from)
             r"|\bThe TensorFlow library was compiled to use [\w.]+ instructions, but these aren(?:'|’)t available on "
             r"your machine"
             # a library built for another CPU architecture or word size than the process loading it: Windows' 193,
             # macOS's dlopen, glibc's ELF class, R's reticulate before it starts a Python of another word size
             r"|\bis not a valid Win32 application\b|\bmach-o file, but is an incompatible architecture\b"
             r"|\bwrong ELF class: ELFCLASS(?:32|64)\b"
             r"|\bYour current architecture is \d\dbit however this version of Python is compiled for \d\dbit\b"),
    # An integer division by zero inside cuBLASLt's choice of a GEMM algorithm (its heuristic dividing by a count it
    # got as 0 for a GPU its release does not know: H20, new Blackwell cards): the CUDA libraries' release, fixed by a
    # newer cuBLAS, not the program's arithmetic (both corpus authors; one of them reads the signal and accepts this)
    Rule("cublaslt_divide_by_zero", CONFIG, "version_mismatch", signal="SIGFPE",
         log=r"\bcublasLt(?:MatmulAlgoGetHeuristic|MatmulAlgoCheck|LegacyGemmUtilization\w*)\(\)"),
    # Installed packages that do not fit each other: a package's own check (Horovod's
    # ``HorovodVersionMismatchError``); torch's C extension refusing what its Python side passes (a mixed install,
    # pybind11 listing the signature it has); an installed package's import cycle (a half-upgraded install), which
    # in the project's own files is the code's; Keras 3 reading what Keras 2 wrote, or running its code.
    Rule("release_skew", CONFIG, "version_mismatch",
         log=_exc(r"\w*VersionMismatch\w*")
             # a pip before 21.3 asked for an editable install of a project that has only a pyproject.toml
             + r"|\beditable mode currently requires a setuptools-based build\b"
             # docker compose before 1.28 refusing a GPU reservation in the compose file (compose_file_invalid reads
             # the rest of its schema's refusals)
             + r"|\bresources\.reservations (?:value Additional properties are not allowed \('devices' was unexpected"
               r"|value 'devices' does not match any of the regexes)"
             # Lua calling a function a module or an object does not have (another release of torch's rocks: optim
             # without adam, cudnn.convert without replace): Lua's word for Python's missing attribute of a module
             + r"|: attempt to call (?:method|field) '\w+' \(a nil value\)"
             # a dataset PyG processed and saved with an older PyG than the one loading it (the processed/ folder kept)
             + r"|\bobject was created by an older version of PyG\b"
             # a CRD upgrade that drops a version objects are still stored in (Kubeflow's training operator over an
             # older MPI operator): before the manifest Kubernetes refuses, which is the arguments'
             + r"|\bstatus\.storedVersions\[\d+\]: Invalid value: \"[^\"]+\": must appear in spec\.versions"
             # Lightning 1.x given a ModelCheckpoint where it later took only a bool (code written for older
             # releases); SQLite 3.41+ (Python 3.12's) refusing a double-quoted string an older ASE wrote as a name;
             # TF's XLA ops under a Metal plugin that registers no XLA platform
             + r"|Invalid type provided for checkpoint_callback: Expected bool but received"
             r"|no such column: \"\w+\" - should this be a string literal in single-quotes\?"
             r"|could not find registered platform with id: 0x"
             # a keyword the installed release of a well-known library's entry point no longer (or not yet) takes,
             # whatever line called it: a training library's own class (transformers' renamed evaluation_strategy,
             # TRL's moved SFTTrainer arguments, accelerate's, PEFT's), torch.distributed's init_process_group (a
             # framework's dist_params written for another release), a hub loader's from_pretrained
             # (``Pipeline.from_pretrained() got an unexpected keyword argument 'use_auth_token'``); Hydra's _partial_
             # before 1.2 (passed on to the target as a keyword)
             r"|(?:\b(?:(?:Seq2Seq)?TrainingArguments|(?:SFT|DPO|GRPO|PPO|KTO|ORPO|Reward|Seq2Seq)?Trainer"
             r"|(?:SFT|DPO|GRPO|PPO|KTO|ORPO|Reward|Lora|Peft|BitsAndBytes)Config|Accelerator)\.__init__"
             r"|\binit_process_group|\.from_pretrained)\(\) got an unexpected keyword argument '"
             r"|\bError instantiating '[^']+' : __init__\(\) got an unexpected keyword argument '_(?:partial|convert"
             r"|recursive|args)_'"
             + r"|incompatible (?:constructor|function) arguments\. The following argument types are supported:"
             r"(?:\\n)? *1\. torch\._C\._distributed_c10d\.|^\s+1\. torch\._C\._distributed_c10d\.\S+\("
             # a CPU build of DGL asked for CUDA; a libtpu older or newer than its jax; TF1-style Keras code under TF2's
             # eager mode
             r"|Device API cuda is not enabled\. Please install the cuda version of dgl"
             r"|tpu_executor_init_fns\.inc:\d+\] \w+ not available in this library"
             r"|Inputs to eager execution function cannot be Keras symbolic tensors"
             # a library's own check that the model asked for is newer than it (Unsloth's "is not supported in your
             # current Unsloth version!"); CatBoost's GPU module of another CUDA than the host's
             r"|\bnot supported (?:in|by) your (?:current|installed) (?:[\w.-]+ version\b|version of )"
             r"|\bCan't load GPU learning library\b"
             r"|cannot import name '\w+' from partially initialized module '[\w.]+' \(most likely due to a circular"
             r" import\) \(\S*[/\\](?:site|dist)-packages[/\\]"
             # Keras 3 reading a layer's config that Keras 2 wrote (Conv2DTranspose's ``groups``): it deserialises
             # the saved keyword arguments and refuses the ones it no longer has
             r"|could not be deserialized properly\.|Exception encountered: Unrecognized keyword arguments passed to "
             # ... and Keras 2 code or files under Keras 3 (the keywords Keras 3 dropped), Keras 3's files under 2
             r"|Unrecognized keyword arguments passed to \w+: \{'(?:batch_input_shape|weights|input_dim|input_length"
             r"|time_major|batch_shape)'|Unrecognized keyword arguments: \['batch_shape'\]"),
    # Releases that do not fit, in words a job also prints as a warning and goes on from, so not fatal after exit 0:
    # numpy 2 against modules built for 1.x, printed on the way to an ImportError that jobs often catch (an optional
    # import), and the others below; torchvision's "Failed to load image Python extension: ... undefined symbol"
    # warning is why that one needs an exception's line above.
    Rule("release_warning", CONFIG, "version_mismatch", fatal=False,
         log=r"compiled using NumPy 1\.x cannot be run in|numpy\.(?:dtype|ndarray) size changed|_ARRAY_API not found"
             # (Cython's older wording of the same check: ``numpy.ndarray has the wrong size, try recompiling``)
             r"|numpy\.(?:dtype|ndarray) has the wrong size, try recompiling"
             r"|numpy\.core\.multiarray failed to import"
             # torch built against numpy 1.x meeting numpy 2 (its repr hook at import, mmengine printing it as a
             # warning; its tensor constructor that no longer knows numpy's scalar types)
             r"|Unable to configure default ndarray\.__repr__"
             # xformers' wheel built for another torch or Python: a warning at import, fatal only once the program
             # asks for its memory-efficient attention
             r"|xFormers can't load C\+\+/CUDA extensions\. xFormers was built for:"
             # Spark 2's spark.ml given the features of the older spark.mllib
             r"|must be of type org\.apache\.spark\.ml\.linalg\.VectorUDT\S* but was actually "
             r"org\.apache\.spark\.mllib\.linalg\.VectorUDT"
             r"|Could not infer dtype of numpy\.(?:float|int|uint|bool)\w*$"),
    Rule("corrupt_pickle", CONFIG, "corrupt_checkpoint", log=_exc("UnpicklingError") + r"|Ran out of input$"),
    # A checkpoint's files not where the program reads or writes them: TF's "Restoring from checkpoint failed" whose
    # original error is a shard not on disk (the files are missing, not the graph's variables: before
    # state_dict_mismatch, which takes the first line's words); torch.save unable to open the file it writes
    Rule("checkpoint_files_missing", CONFIG, "missing_file",
         log=r"(?:Not found: |^)\S.*\.data-\d{5}-of-\d{5}; No such file or directory"
             # (the folder it names is not there, or not writable)
             r"|PytorchStreamWriter failed opening archive"
             # a checkpoint folder the loader was pointed at that is not there, or that holds no checkpoint
             # (its warning that it goes on without one, "..., skipping load", is read only when the run then
             # exited 1: checkpoint_skipped)
             r"|[Cc]heckpoint (?:directory|dir|path|file) \S+ does not exist(?:[^,]|,?\s*$|, [^s])"
             r"|Couldn't find 'checkpoint' file or checkpoints in given directory|Do not exists? any checkpoint"
             # TF 1's tf.train.get_checkpoint_state found no checkpoint file in the folder, and the program read the
             # path off the None it returned
             r"|'NoneType' object has no attribute 'model_checkpoint_path'"),
    # A loader's warning that it starts without the checkpoint it was pointed at (PhysicsNeMo's "Provided checkpoint
    # directory x does not exist, skipping load"): the cause when the run then gave up with exit 1 ("Failed to load a
    # valid model"); beside a death by a signal it is a line the run went on past.
    Rule("checkpoint_skipped", CONFIG, "missing_file", exit_code=1,
         log=r"[Cc]heckpoint (?:directory|dir|path|file) \S+ does not exist, skipping"),
    # A ZeRO-3 model saved without gathering its partitions: every parameter in the file is an empty placeholder
    # (``copying a param with shape torch.Size([0]) from checkpoint``): the checkpoint is unusable, not of another model
    Rule("empty_zero3_params", CONFIG, "corrupt_checkpoint",
         log=r"copying a param with shape torch\.Size\(\[0\]\) from checkpoint"),
    # Stable-Baselines3 loading an agent whose saved spaces it could not unpickle (saved under other releases of
    # numpy or gym: its warning ``Could not deserialize object observation_space`` comes first, and on its own, for
    # a learning-rate schedule, it is harmless); its KeyError is not the program's
    Rule("saved_spaces_unreadable", CONFIG, "version_mismatch",
         log=r"\bThe observation_space and action_space were not given, can't verify new environments\b"),
    Rule("state_dict_mismatch", CONFIG, "state_dict_mismatch",
         # (Flux's loadmodel!: a saved state whose layers or arrays are not the model's, ``Tried to load (:pad, :k)
         # into (:weight, :bias) but the structures do not match.``, ``Tried to load size (3, 3) array into size (5,)``)
         # (candle's loader, under TEI and other Rust servers: ``cannot find tensor
         # encoder.layer.0.attention.q_lin.weight``; a Python loader's own dict of the model's parameters without a
         # name the checkpoint holds, vLLM's ``params_dict[name]``: ``KeyError: 'layers.0.mlp.down_proj.weight_scale'``)
         # (MindSpore's load_param_into_net: ``For 'load_param_into_net', x in the argument 'net' should have the
         # same shape as x in the argument 'parameter_dict'``)
         # (MLX's strict load_weights: ``Missing parameters: x``, ``Received parameters not in model: x``)
         # (and, from mlx 0.2x, with their count: ``Missing 2 parameters:``, ``Received 269 parameters not in model:``)
         # (ESM's own loader: ``Keys 'a, b' are missing.``)
         # (accelerate's set_module_tensor_to_device loading a checkpoint's tensor of another shape than the model's:
         # a vocabulary resized, a model of another size)
         log=r"^ValueError: Missing (?:\d+ )?parameters:(?: |$)|^ValueError: Received (?:\d+ )?parameters not in"
             r" model:(?: |$)|^RuntimeError: Keys '\S"
             r"|\bTried to load \S.{0,300} into \S.{0,300} but the structures do not match\."
             r"|\bTried to load size \([\d, ]{0,100}\) array into size \("
             r"|\bTrying to set a tensor of shape torch\.Size\(\[[\d, ]{1,100}\]\) in \"\w+\" \(which has shape "
             # Megatron's loader (and SwissArmyTransformer's copy of it) finding no optimizer or RNG state in the
             # checkpoint it resumes from: a checkpoint saved without them, or one for fine-tuning
             r"|\bUnable to load (?:optimizer|rng state) from checkpoint \S"
             # torch.distributed.checkpoint's planner: a key the model's state dict asks for that the checkpoint lacks
             r"|\bMissing key in checkpoint state_dict: \S"
             # TGI's weight loader: a tensor the architecture needs that the checkpoint's files do not hold
             r"|\bRuntimeError: weight [\w.]+ does not exist\b"
             # a model built on the meta device whose loader filled in no weights for some parameters (a checkpoint
             # file without them, a device map that left them offloaded), then moved to a real device
             r"|\bCannot copy out of meta tensor; no data!"
             # Marian continuing a model whose parameters are of another shape (a vocabulary of another size)
             r"|\bfor existing parameter '[^']+' does not match original shape\b"
             # Stable-Baselines3 loading a saved agent into an environment whose spaces are not the ones it was
             # trained on (its raise line too, where a paste cut the message)
             r"|\b(?:Observation|Action) spaces do not match\b"
             r"|For 'load_param_into_net', \S+ in the argument 'net' should have the same shape as "
             # a loader's own check that the weights it read were what it expected (LLaMA-Factory's reward model of an
             # older release's layout: "Reward model is not correctly loaded.")
             r"|\b(?:[Mm]odel|[Cc]heckpoint|[Ww]eights?) (?:is|was|were) not (?:correctly|properly) loaded\b"
             r"|loaded state dict contains a parameter group that doesn't match|loaded state dict has a different"
             r" number of parameter groups|The checkpoint being loaded used a DP world size of \d+ but the current"
             r"|ScopeParamShapeError|Inconsistent shapes between value and initializer|Key \S+ not found in checkpoint"
             r"|Tensor name \"[^\"]*\" not found in checkpoint files"
             r"|size mismatch for \S+: copying a param|Missing key\(s\) in state_dict|Unexpected key\(s\) in state_dict"
             # (its lines broken by a narrow paste: the shapes' line alone; an empty one is read above)
             r"|^with shape torch\.Size\(\[[1-9][\d, ]*\]\) from checkpoint, the shape in current"
             r"|Error\(s\) in loading state_dict|(?:unexpected|missing) key \"[^\"]*\" in state_dict"
             # TF1's Saver restoring a checkpoint of another graph; Keras loading an .h5 of another layer count
             r"|Restoring from checkpoint failed\. This is most likely due to a (?:mismatch between the current graph"
             r"|Variable name or other graph key that is missing)"
             # TF1's Saver assigning a checkpoint's tensor to a variable of another shape (``save/Assign_89``): the
             # graph the config builds is not the checkpoint's (another class count, another width)
             r"|Assign requires shapes of both tensors to match\. lhs shape= "

             r"|You are trying to load a weight file containing \d+ layers into a model with \d+ layers"
             # Keras setting a layer's weights from arrays of other shapes (a PyTorch-ordered kernel; another
             # architecture's file), and Keras 3 loading fewer variables than the layer has
             r"|Layer weight shape \([\d, ]*\) not compatible with provided weight shape \("
             r"|expected \d+ variables, but received \d+ variables during loading"
             # Caffe's fine-tuning from a .caffemodel whose layer of the same name has another shape (another class
             # count): the net the prototxt builds is not the weights'
             r"|Cannot copy param \d+ weights from layer '[^']*'; shape mismatch"
             r"|Layer count mismatch when loading weights from file\."
             # (tch's for rust-bert's .ot files: ``cannot find model.encoder.layers.4.fc1.bias in "model.ot"``)
             r"|\bcannot find (?:tensor )?(?:\w+\.)+(?:weight|bias)\b"
             r"|\bKeyError: '(?:\w+\.)+(?:weight|bias|weight_scale|input_scale|weight_packed|weight_shape"
             r"|qweight|qzeros|scales|g_idx|k_scale|v_scale|running_mean|running_var|num_batches_tracked)'"),
    # A matrix the job factors (a GP's kernel, a GMM's covariance, GPTQ's Hessian) that is not positive definite: the
    # data or a setting (a zero noise variance, too little damping) made it so, and the same input fails the same way.
    # TF's and torch's Cholesky, numpy's, scipy's and LAPACK's words. Still not positive definite after the library
    # added jitter to its diagonal (GPyTorch's NotPSDError, GPy's jitchol), its numbers went bad: nan_loss, next.
    Rule("matrix_not_positive_definite", CONFIG, "bad_arguments",
         log=r"\bCholesky decomposition was not successful\b"
             r"|\bThe factorization could not be completed because the input is not positive-definite"
             r"|LinAlgError: Matrix is not positive definite\b"
             r"|LinAlgError: \d+-th leading minor (?:of the array )?(?:is )?not positive definite"
             r"|\bthe leading minor of order \d+(?: of '\w{1,20}')? is not positive[- ]definite"),
    Rule("nan_loss", CONFIG, "nan_loss",
         log=r"[Ll]oss is [Nn]a[Nn]\b|[Ll]oss became infinite or NaN|non-finite loss|[Ll]oss is not finite"
             # sampling from a model whose output went NaN or infinite (torch.multinomial in a generate or a rollout)
             r"|\bprobability tensor contains either `inf`, `nan` or element < 0\b"
             r"|\bNotPSDError: Matrix not positive definite after repeatedly adding jitter\b"
             r"|LinAlgError: not positive definite, even with jitter\b"
             # DyNet's check of a forward or backward value; detectron2's of its box regression (boxes gone NaN, from
             # a rate too high or boxes of the data with no area)
             r"|\bRuntimeError: NaN or Inf detected\b|\bBox regression deltas become infinite or NaN\b"
             # a trainer's own check naming the term that went bad ("AssertionError: loss render is NaN")
             r"|\b[Ll]oss (?:of )?\w+ (?:is|became|went) (?:NaN|nan|[Ii]nf|infinite)\b"
             # a policy's std gone NaN reaching torch.normal; MuJoCo's simulation blown up by its controls or numerics
             # (dm_control's PhysicsError, MuJoCo's own warning)
             r"|normal expects all elements of std >= 0\.0|Physics state is invalid\. Warning\(s\) raised: mjWARN_BAD"
             r"|Nan, Inf or huge value in (?:QACC|QVEL|QPOS|CTRL) at DOF \d+"
             r"|NaN or Inf encountered\. Training failed"
             # DyNet's trainer refusing an update whose gradient is not finite
             r"|Magnitude of gradient is bad: -?(?:nan|inf)\b"
             r"|returned nan values|[Dd]etected (?:nan|NaN|inf)\b|is non-finite|loss scale already at minimum"
             # icefall's and ZipVoice's trainers giving up when AMP's scaler has shrunk past use (gradients kept
             # overflowing): "grad_scale is too small, exiting: 2.3e-10"
             r"|\bgrad_scale is too small\b"
             r"|[Ll]oss is (?:nan|NaN|inf), stopping|Monitored metric \S+ = (?:nan|inf) is not finite"
             # a trainer's progress line (Paddle3D's ``loss=nan, lr=``, ``Loss: nan``, ``LOSS     :  nan``)
             r"|\b(?:[Ll]oss|LOSS) *[:=] *(?:nan|NaN|inf)\b"
             # ... a GAN's losses in tqdm's postfix (``D_loss=nan, G_loss=nan``; not a best-so-far ``best_loss=inf``)
             r"|_(?:[Ll]oss|LOSS) *[:=] *(?:nan|NaN)\b"
             # the Hugging Face Trainer's log of a step, a dict: ``{'loss': nan, 'learning_rate': 0.0002, ...}``, and
             # any trainer's dict of stats with its loss under a path, its values as strings (``'loss/train': 'nan'``)
             r"|\{'loss': nan,|['\"](?:\w+/)?loss(?:/\w+)?['\"]: ['\"]?(?:nan|NaN)\b"
             # DeepXDE's table of losses by step (``20000  [nan, nan, nan]  [nan, nan, nan]  []``)
             r"|^\d+ +\[(?:nan, )*nan\] +\["
             r"|Nan in summary histogram|had NaN values|\bNaN detected in\b|NaN or Inf found in input tensor"
             # faceswap's NaN protection
             r"|\bNaN Detected\. Loss: |A NaN was detected and you have NaN protection enabled"
             r"|invalid value \(nan\) encountered in|\b(?:reward|return|grad_norm): (?:nan|NaN)\b"
             r"|found NaN in (?:local )?grad norm|\b(?:NaN|nan) loss\b"
             r"|[Oo]utputs? (?:is|are|contains?) (?:NAN|NaN|nan)\b"
             r"|matrix contains invalid numeric entries"
             r"|Got NaN in first epoch|gradients at all steps are invalid"
             r"|to satisfy the constraint (?:IndependentConstraint\()?Real\(\)(?:, \d+\))?, but found\s+invalid values"
             r"|Invalid loss, terminating training|The parameter \w+ has invalid values"
             # TF's estimator hook; a NaN loss or prediction reaching int() (a progress string, a preview) or a metric
             # that checks its input (scipy's pearsonr)
             r"|Model diverged with loss = (?:NaN|Inf)|cannot convert float NaN to integer"
             # a trainer's own stop on a loss gone huge (Tacotron-2's ``Loss exploded to 378346.62500 at step 5300``);
             # TF's clip_by_global_norm and check_numerics given gradients or a tensor gone Inf or NaN
             r"|\b[Ll]oss exploded\b|\bFound Inf or NaN global norm\b|\bTensor had (?:NaN|Inf) values\b"
             # an adaptive ODE solver's step size gone NaN with the state it integrates (torchdiffeq's assertion,
             # SciML's DifferentialEquations.jl)
             r"|\bunderflow in dt nan\b|\bNaN dt detected\. Likely a NaN value in the state"
             # an assert whose message is the tensor it checked, gone NaN (Sparse R-CNN's boxes before GIoU)
             r"|AssertionError: tensor\(\[+(?:nan|-?inf)\b"
             r"|array must not contain infs or NaNs"
             # scikit-learn's check of what a metric or an estimator was given: predictions or targets gone NaN
             r"|\bInput (?:[Xy] )?contains (?:NaN|infinity)\b"
             r"|" + _exc("FloatingPointError")),
    # comet_ml imported after the framework it hooks: the program's order of imports (its ImportError names modules
    # that are installed, so before missing_module)
    Rule("import_order", CODE, "programming_error",
         log=r"[Pp]lease import [Cc]omet before importing|You must import Comet before these modules"),
    # Julia's UndefVarError for a capitalised name (a module, a type, a constructor: ``UndefVarError: `NNODE` not
    # defined``): a name a package exports in the release the example was written for and not in the one installed
    # (renamed, removed, an environment not instantiated). A lower-case name is the script's own, below.
    Rule("julia_exported_name_missing", CONFIG, "version_mismatch",
         log=r"\bUndefVarError: `?[A-Z]\w*`? not defined\b"),
    # A Julia package whose build script or precompilation failed (Pkg logs the build's error in a box and goes on;
    # ``using`` then stops): its deps/build.jl written for another Julia (``UndefVarError: is_apple not defined``
    # inside the box), a library it wraps not installed where it looks, a package's source that does not parse under
    # the Julia installed. The environment's, whatever error the box or the trace above holds.
    Rule("julia_package_unbuilt", CONFIG, "version_mismatch", fatal=False,
         log=r"^(?:┌ Error: |ERROR: )Error building `[\w.]{1,100}`"
             r"|^ERROR: (?:LoadError: )?Failed to precompile [\w.]{1,100} \[[0-9a-f\-]{36}\]"
             r"|^ERROR: The following \d+ direct dependenc(?:y|ies) failed to precompile"),
    # MATLAB's words for a function it cannot find on its path (``Undefined function or variable 'cvx_begin'.``,
    # R2020a's ``Unrecognized function or variable``, ``Undefined function 'imresize' for input arguments of type
    # 'double'.``): a toolbox not installed or a folder the script needs not added with addpath, more often than a
    # name the script spelt wrong
    # The same of a toolbox or support package a function needs and the installation lacks (``importKerasNetwork
    # requires the Deep Learning Toolbox Converter for TensorFlow Models support package``, ``... requires Parallel
    # Computing Toolbox``), or of a class it derives from that its release does not have
    # (``The specified superclass 'matlab.io.datastore.MiniBatchable' ... cannot be found on MATLAB's search path``)
    Rule("matlab_function_missing", CONFIG, "missing_module",
         log=r"^(?:Error using \S+ \(line \d+\)\s*)?(?:Undefined|Unrecognized) function (?:or variable )?'[\w.]+'"
             r"(?:\.| for input arguments of type '\w+'\.)\s*$"
             r"|\brequires (?:the )?[A-Z][\w ]{2,100}? support package\b"
             r"|\brequires (?:the )?(?:Parallel Computing|Deep Learning|Image Processing"
             r"|Statistics and Machine Learning|Computer Vision|Signal Processing|Optimization|Reinforcement Learning"
             r"|Audio|Text Analytics) Toolbox\b"
             r"|^The specified superclass '[\w.]+' contains a parse error, cannot be found on MATLAB's search path"),
    # R's call of a function no attached package defines (``could not find function "layer_dense"``): the package
    # not installed or not loaded
    Rule("r_function_missing", CONFIG, "missing_module",
         log=r"^Error(?: in .{1,300})?: could not find function \"[\w.]{1,100}\"\s*$"),
    Rule("missing_module", CONFIG, "missing_module",
         # R's reticulate without the Python module it imports; Julia without a package; Ray's job whose runtime
         # environment (its pip or conda packages) could not be installed
         # (torch.compile's inductor without a usable Triton, its message perhaps wrapped by a narrow console; torch's
         # extension builder with no CUDA toolkit, no nvcc and no CUDA_HOME; importlib.metadata asked for a
         # distribution that is not installed, as a version check before 4-bit loading: ``No package metadata was
         # found for bitsandbytes``)
         log=r"\bTritonMissing: |\bCUDA_HOME environment variable is not set\b"
             # (DeepSpeed's op builder's words for it)
             r"|\bCUDA_HOME does not exist, unable to compile CUDA op"
             # a framework's check that a compiled part its config turns on was never built (GPT-NeoX's "Fused kernels
             # configured but not installed. Please run `python .../setup.py install`"; it prints it and exits 0)
             r"|\bconfigured but not installed\. Please (?:run|install)\b"
             # ``python -m`` given a module that is not installed, or gone from the installed release (runpy's words)
             r"|Error while finding module specification for '[^']+' \((?:ModuleNotFoundError|ImportError): "
             # fbgemm_gpu (under torchrec) without its compiled library for this torch (a nightly against a stable)
             r"|^File fbgemm_gpu\w*\.so not found$"
             r"|\bNo package metadata was found for [\w.\-]+"
             # Chainer without a working CuPy (its GPU arrays' package not installed, or broken)
             r"|\bCuPy is not correctly installed\b"
             # (the JVM's class or native library not on its path; .NET's assembly or native DLL)
             r"|\bjava\.lang\.(?:ClassNotFoundException|NoClassDefFoundError|UnsatisfiedLinkError)\b"
             # Android's loader (bionic's linker) starting a native program pushed to a device without a library it
             # links (``CANNOT LINK EXECUTABLE "/data/local/tmp/llama-cli": library "libllama.so" not found``)
             r"|\bCANNOT LINK EXECUTABLE \"[^\"\n]{1,500}\": library \"[^\"\n]{1,300}\" not found\b"
             # Hydra's config naming a plugin's group option (hydra-colorlog's logging, submitit's launcher, the Optuna
             # sweeper) when the plugin is not installed
             r"|Could not find 'hydra/(?:job_logging|hydra_logging|launcher|sweeper)/\w+'"
             # a library's own check for an optional package its feature needs (transformers' TensorBoardCallback,
             # WandbCallback): a name without a version, which is a release's
             r"|\b\w+ requires `?[A-Za-z][\w.\-]*`? (?:(?:library|package) )?to be installed\b"
             r"|^\s*(?:\w+Error: )?[A-Za-z][\w.\-]* or [A-Za-z][\w.\-]* needs to be installed\b"
             # macOS's loader without a library a wheel links (LightGBM's and XGBoost's libomp, torch's own)
             r"|\bLibrary not loaded: \S+\.dylib\b"
             # ... and Windows' loader without a DLL a program links (the Visual C++ runtime not installed)
             r"|\bThe code execution cannot proceed because \S+\.dll was not found\b"
             # R's library() without the package (``Error in library(keras) : there is no package called ‘keras’``)
             r"|\bthere is no package called [‘'`]"
             # ... and its installer unable to install a package's dependency first (not in the repository for this
             # R, or failed itself above)
             r"|^ERROR: dependenc(?:y|ies) [‘'].{1,300}[’'] (?:is|are) not available for package [‘']"
             # ... and Julia's ``using`` of a package the project's manifest lists but this depot has not installed
             # (``ArgumentError: Package CUDA [052768ef-...] is required but does not seem to be installed``)
             r"|\bPackage \w+ \[[0-9a-f\-]{36}\] is required but does not seem to be installed\b"
             # a cluster's environment modules without the one a job script loads (a release the site removed, a
             # name spelt wrong): Lmod's words, Lmod's for one that needs another loaded first, and the Tcl
             # Environment Modules' (its older C release's too)
             r"|The following module\(s\) are unknown: [\"']"
             r"|These module\(s\) or extension\(s\) exist but cannot be loaded as requested: [\"']"
             r"|\bUnable to locate a modulefile for '"
             # conda asked to activate an environment this machine does not have (a name made on another host)
             r"|\bEnvironment(?:Name|Location)NotFound: (?:Could not find conda environment|Not a conda environment): "
             # CMake finding no package or toolkit a build needs (``find_package(Torch)`` without libtorch's
             # config on CMAKE_PREFIX_PATH; a CUDA build on a host without nvcc)
             r"|Could not find a package configuration file provided by \"[\w-]+\""
             r"|\bNo CMAKE_(?:CUDA|CXX|C|HIP)_COMPILER could be found\b|\bCould NOT find \w+ \(missing: "
             # ... its later words for the same (no compiler for a language the project enables); Meson's for a
             # dependency neither pkg-config nor CMake finds; setuptools without the wheel package
             r"|\bCMAKE_(?:CUDA|CXX|C|HIP|Fortran)_COMPILER not set, after EnableLanguage\b"
             r"|\bERROR: Dependency \"[\w.+\-]+\" not found, tried\b|^error: invalid command 'bdist_wheel'"
             # uvicorn started on a module it cannot import (a path or a package name given wrong, a dependency of
             # the app missing)
             r"|\bError loading ASGI app\. Could not import module \"[\w.]+\""
             # ROS without a package a launch or a node names (not built, its workspace not sourced): ROS 1's rospack,
             # ROS 2's ament index; roslaunch without the node's executable in its package
             r"|^\[rospack\] Error: package '[\w\-]+' not found\b|^Package '[\w\-]+' not found: \"package '"
             r"|\bCannot locate node of type \[[^\]\n]{1,200}\] in package \["
             # phonemizer (under Coqui TTS, VITS and others) without the espeak program its backend runs
             r"|\bespeak not installed on your system\b"
             # a Kubernetes cluster without the operator whose kind the manifest names (Kubeflow's PyTorchJob CRD),
             # kubectl's and Helm's words for it (Helm 2 checking a chart's apiVersion against what the cluster serves)
             r"|\bno matches for kind \\?\"\w+\\?\" in version \\?\"|ensure CRDs are installed first"
             # kubectl asked for a kind the cluster has no CRD for (the operator not installed)
             r"|error: the server doesn't have a resource type \""
             r"|\bapiVersion \"[\w.\-]+/\w+\" in \S+ is not available\b"
             # Paddle's loader without a CUDA library it opens at run time (cuDNN, cuBLAS not installed)
             r"|Cannot load (?:cudnn|cublas|cublasLt|cudart|cusparse|cusolver|cufft|curand|nccl) shared library"
             # Hadoop without the jar of a file system the job's paths name (hadoop-aws for s3a://)
             r"|\bNo FileSystem for scheme:? \"?\w+\"?"
             r"|Installation of TensorFlow not found\."
             r"|\bSystem\.DllNotFoundException\b|FileNotFoundException: Could not load file or assembly"
             r"|\bPython module [\w.]+ was not found\b|ArgumentError: Package \w+ not found in current path"
             r"|runtime_env setup failed: |Could not create the actor because its associated runtime env failed"
             r"|Failed to create runtime env: "
             # Ascend's CANN unable to set up its environment (its Python dependencies not installed, set_env.sh not
             # sourced)
             r"|\[Init\]\[Env\]init env failed"
             # a shared library of the system the package loads and the image lacks (OpenCV's libGL.so.1 in a slim
             # container), as mmengine's launcher (xtuner's) quotes the import that failed
             r"|command error: '(?:\w+Error: )?lib[\w+.-]*\.so(?:\.\d+)*: cannot open shared object file"
             # ... or a module the command's entry imports (``command error: 'No module named 'xtuner.parallel''!``)
             r"|command error: '(?:\w+Error: )?No module named '"
             # Open MPI's and PMIx's plugin (an MCA component: a BTL, psec's munge) not installed, or its shared
             # libraries not found
             r"|A requested component was not found, or was unable to be opened"
             # Open MPI without a PMIx component it can load (libpmix not installed or not on the library path)
             r"|^\s*opal_pmix_base_select failed\s*$"
             r"|Couldn't find appropriate backend to handle uri|No gym module found for the active version"
             # CTranslate2 (faster-whisper) finding no cuDNN of the major release it was built for, before it aborts
             r"|Could not load library lib\w+\.so[.\d]*\. Error: \S+: cannot open shared object file"
             r"|Unable to load any of \{lib\w+\.so"
             # transformers' loader whose guarded import of accelerate bound nothing (accelerate not installed);
             # bitsandbytes whose native library did not load (its optimizer table left unbound)
             r"|NameError: name '(?:init_empty_weights|str2optimizer(?:8bit|32bit)\w*)' is not defined"
             # a compiled extension whose import a try/except swallowed: the name it would have bound is missing
             # when a kernel is called (``selective_scan_cuda``, AutoAWQ's ``awq_ext``, a repo's ``_C``)
             r"|NameError: name '\w*(?:_cuda(?:_core)?|_ext|_cpp|_C|_kernels?)' is not defined"
             # diffusers' LoRA loading with no peft installed
             r"|PEFT backend is required for this method"
             # a Python built without its ssl module (every HTTPS client then fails before connecting)
             r"|the SSL module is not available"
             # CuPy built before NCCL was installed (Chainer's multi-GPU updater, ChainerMN)
             r"|NCCL is not (?:enabled|available)\. "
             # spaCy's language model, a package downloaded apart (``python -m spacy download x``)
             r"|\[E050\] Can't find model '"
             # Lua's require (Torch7's loadcaffe, a rock never installed); pyarrow without Hadoop's libhdfs
             r"|: module '[\w.-]+' not found:|\bUnable to load libhdfs\b"
             r"|NamespaceNotFound: Namespace `?\w+`? (?:not found|does not exist)|"
             + _exc("ModuleNotFoundError", "ImportError")
             # (Azure ML's run record quoting what the user's program raised)
             + r"|User program failed with (?:\w+\.)*(?:ModuleNotFoundError|ImportError): "
             + r"|" + _PFX + r"(?:(?:\w+\.)*\w*(?:Error|Exception): .*)?No module named"
             # (R's reticulate, in the details of a package's ``.onLoad failed in loadNamespace()``)
             + r"|^ {0,2}error: (?:ModuleNotFoundError|ImportError): No module named"
             + r"|requires the \S+ library but it was not found"
             # (indented: a build backend's output as pip or uv quote it, BuildKit's seconds before it)
             + r"|^(?:(?:#\d{1,4} )?\d{1,6}\.\d{1,3} )?\s+ModuleNotFoundError: No module named"
             # ... as a runner logs the exception's message alone (ai-toolkit's ``Error running job: No module
             # named``; not xformers' warning that it caught one)
             + r"|^(?:[Ee]rror|ERROR) (?:running|loading|importing|starting|executing|during|while)\b[a-z ]{0,40}"
               r": No module named '"
               # python -m with a module the environment lacks (a launcher run from the wrong venv); Hydra's
               # _target_ that does not import
               r"|\bpython[\d.]*(?:\.exe)?: (?:No module named |Error while finding module specification for )"
               r"|Error locating target '"
               # a library's own word that an optional import failed (Modulus' ``Error importing pysdf. Make sure
               # 'libsdf.so' is in LD_LIBRARY_PATH and pysdf is installed``)
               r"|\bError importing [\w.]+\. Make sure\b.*\bis installed\b"
               # NVFlare's config loader quoting the import of a component's class (``config_fed_server.json in JSON
               # element components.#5: No module named 'pt'``): the app's custom code is not where it imports from
               r"|\bin JSON element \S+: No module named '"
               # Apache Beam with no handler for gs:// (apache-beam[gcp] not installed), old and new wordings
               r"|Unable to get (?:the )?[Ff]ilesystem (?:for path|from specified path)"
               # a test stage's pytest summary of a test that could not import what it tests
               r"|^FAILED \S{1,500} - (?:\w+\.)*ModuleNotFoundError: No module named '"
               # other runtimes' loaders of a module not installed: Perl's, Ruby's, Node's
               r"|^Can't locate [\w/]{1,200}\.pm in @INC\b|\bcannot load such file -- \S{1,200} \(LoadError\)"
               r"|^Error: Cannot find module '[^'\n]{1,300}'"
               # LAMMPS built without the package a style comes from (DeePMD-kit's ``pair_style deepmd`` plugin not
               # loaded, a KOKKOS variant of a build without KOKKOS)
               r"|^ERROR(?: on proc \d+)?: Unrecognized (?:pair|fix|compute|atom|bond|angle|dihedral|improper|kspace"
               r"|dump|region|command|integrate|minimize|body) style '[^'\n]{1,100}'"
               # Keras' HDF5 saving and loading without h5py (and R's cloudml: ``The h5py Python package is required
               # to save model checkpoints``)
               r"|`\w+` requires h5py\b|^The [\w.-]+ Python package is required (?:to|for) "
               # TorchScript's stub of an extension's op whose compiled library did not load (torch_scatter,
               # torch_sparse built for another torch): the interpreter quotes the stub's line, not an error's name
               r"|^\s+raise ImportError\s*$"
               # TensorRT given a network with a custom op whose plugin library was not loaded (the ONNX parser's
               # words, and the plugin registry's)
               r"|Plugin not found, are the plugin name, version,? and namespace correct\?"
               r"|\bgetPluginCreator could not find plugin:? \S"),
    # datasets' streaming turns a failed Hub request into a FileNotFoundError of an hf:// file that exists: that one
    # is the network tier's (connection_error), retried once; a file really missing fails alike again and is held.
    # DVC: data tracked without a remote or cache that holds it
    # A copy tool's source that is not there (data staged to the node before training): rsync's, curl's 404, the AWS
    # CLI's, gsutil's and rclone's words
    Rule("copy_source_missing", CONFIG, "missing_file",
         log=r"rsync: (?:\[\w+\] )?link_stat \"[^\"]*\" failed: No such file or directory"
             r"|curl: \(22\) The requested URL returned error: 404\b"
             r"|An error occurred \(404\) when calling the (?:HeadObject|GetObject) operation"
             r"|CommandException: No URLs matched: |failed to open source object: object not found\b"),
    # A compiler's input file that the build script names and is not there (gfortran's, gcc's, a cross compiler's,
    # nvcc's own line for a source or an archive; a header a source includes has rules of its own)
    # (SWIG's, for an interface file's %include: ``cffirmware.i:12: Error: Unable to find 'packetdef.h'``)
    Rule("compiler_input_missing", CONFIG, "missing_file",
         log=_COMPILER + r": (?:fatal )?error: [^\s:]{1,400}: No such file or directory\s*$"
             r"|^[\w./\\\-]{1,300}\.(?:i|swg):\d+: Error: Unable to find '[^'\n]{1,300}'"),
    Rule("dvc_missing", CONFIG, "missing_file",
         log=r"failed to pull data from the cloud - Checkout failed|No file hash info found for"
             r"|\bCheckoutError: Checkout failed for following targets\b"
             r"|Some of the cache files do not exist neither locally nor on remote"
             # Snakemake's plan with an input file no rule makes and none is on disk (a download step not run, a
             # data file the workflow's config names elsewhere)
             r"|^MissingInputException in (?:rule \w+ in )?(?:file|line) |^Missing input files for rule \w+:"),
    # np.frombuffer handed None: a key-value store's lookup (LMDB's txn.get) found no such key, so the sample the
    # index names is not in the store the config points at (Python 3.12's wording; before it, "a bytes-like object
    # is required, not 'NoneType'", which other calls print too); Megatron's indexed dataset, None when no
    # ``<prefix>.idx``/``.bin`` pair is at the --data-path given (``indexed_dataset.sizes``)
    Rule("lookup_found_nothing", CONFIG, "missing_file",
         log=r"'NoneType' object has no attribute '(?:__buffer__|sizes)'"
             # the largest or the smallest of nothing: a folder of checkpoints, runs or images that holds none, a
             # class or an annotation list that came out empty (Python's words before 3.12 and after), where it ends
             # the job: at a line's start or after an error's name, not inside a line a program logs and goes on
             r"|" + _ENDS_JOB + r"(?:max|min)\(\) (?:arg is an empty sequence|iterable argument is empty)\b"),
    # A JVM's missing input (Spark, H2O, a Java tokenizer: ``java.io.FileNotFoundException: x (No such file or
    # directory)``); HF datasets given a repository or folder with no data files it reads; a checkpoint folder or an
    # annotation file a library checks for, in its own words (LitGPT's --checkpoint_dir, DALI's COCO reader), a shard
    # index MosaicML streaming's bucket does not hold, libsndfile under a C++ trainer (wav2letter)
    Rule("input_not_found", CONFIG, "missing_file",
         log=r"java\.io\.FileNotFoundException: .*\((?:No such file or directory|The system cannot find the "
             r"(?:file|path) specified)\)|\bDataFilesNotFoundError: |\bNo \(supported\) data files found in "
             r"|\bis not a checkpoint directory\.?\s*$|\bis missing the files: \["
             # Tesseract's lstmtraining without its list of training files (an empty or unmade list.train)
             r"|^Failed to load list of training filenames from "
             r"|\bCould not open JSON annotations file\b"
             # click's check of a path option (``Error: Invalid value for '--manifest': Path 'x' does not exist.``),
             # ahead of cli_refusal's reading of click's other refusals
             r"|^Error: Invalid value for [\"'][^'\"\n]{1,100}[\"']: (?:Path|File|Directory) [\"'].{1,300}[\"'] "
             r"does not exist\."
             # Julia's FileIO asked to load a path that is not there (a dataset's file its download never made)
             r"|\bArgumentError: No file exists at given path: \S"
             # YOLOv5's and its forks' dataset scan that found no label file beside the images
             r"|\bNo labels (?:found )?in \S+\. Can not train without labels\b"
             # COLMAP's check of the folders and files it was given (glog's ``Check failed: ExistsDir(*image_path)``)
             r"|\bCheck failed: Exists(?:Dir|File|Path)\("
             r"|\bObject s3://\S+ not found!|\bsndfile: unknown format or could not open file\b"
             # python-soundfile's libsndfile failing to open the file at all (its own "System error": no such file,
             # mostly a path built for another layout; both corpus authors)
             r"|\bError opening '.{1,300}': System error\."
             # Vitis AI's tools (vai_q, vai_c) naming a model or calibration file that is not there
             r"|\bNot found the file or directory: "
             # HTCondor's OSDF/Pelican plugin asked for a path no namespace serves (a URL spelt wrong)
             r"|failed to get namespace information for remote URL"
             # torch's ConcatDataset given no datasets (every split folder it looked in was empty or missing)
             r"|\bdatasets should not be an empty iterable\b"
             # seqio's (T5's) cached task asked for from cache directories that never got it; TFDS's dataset whose
             # data was never prepared where it looks
             r"|\bdoes not exist in any of the task cache directories\b"
             r"|\bcould not find data in \S+\. Please make sure to call dataset_builder\.download_and_prepare\(\)"
             # MuJoCo handed a model XML path it cannot open (its parser's error at line 0, as mujoco_py quotes it in
             # a bytes repr)
             r"|\bXML parse error at line 0, column 0:\\nFailed to open file\b"
             # decord asked for a video that is not there (an annotation listing clips never downloaded)
             r"|video_reader\.cc:\d+: ERROR opening: .*, No such file or directory"
             # Stanza's training scripts without their prepared input (they skip and exit 0); LAVIS without the images
             # its dataset config names
             r"|\bTRAIN FILE NOT FOUND: |\bThe specified path \S+ for visual inputs does not exist"
             # a Fortran model's words for an input it could not open (WAVEWATCH III's ``ERROR IN OPENING mod_def.points
             # FILE``) or did not find (EMEP's ``ReadField_CDF : file needed but not found``)
             r"|^\s*ERROR IN OPENING \S+(?: \S+)? FILE\s*$|\b[Ff]ile needed but not found\b"
             # OpenFOAM's FOAM FATAL ERROR for a field or dictionary file a case's time folder does not hold
             r"|^\s*cannot find file \"[^\"\n]+\"\s*$"
             # FFmpeg 6's summary of an input it could not open; Tesseract without a language's trained data (not a
             # Kaldi recipe's ``no such file data/train/feats.scp``: an earlier step's output, missing because that
             # step failed, which the corpus's authors read by that step's cause)
             r"|^Error opening input files: No such file or directory\s*$|^Failed loading language '[\w+]+'"
             # Gazebo's model path without a model a world includes (``Unable to find uri[model://turtlebot3]``)
             r"|\bUnable to find uri\[model://[^\]\n]{1,300}\]"
             # GROMACS' fatal error for a file it could not open (its name on the next line)
             r"|^File input/output error:\s*$"),
    # A C or C++ tool's own word for a file it could not open, the path quoted and nothing after it (whisper.cpp's and
    # ggml's model loaders: ``whisper_model_load: failed to open 'models/ggml-tiny.bin'``). A tool that tries several
    # places may print it and find the file in the next, so the line fails no attempt that did its work.
    Rule("tool_open_failed", CONFIG, "missing_file", fatal=False,
         log=r"^(?:\w{1,80}: )?(?:[Ee]rror: )?(?:[Ff]ailed to|[Uu]nable to|[Cc]ould not|[Cc]annot) open (?:file )?"
             r"'[^'\n]{1,400}'\s*$"),
    # A mesh or point-cloud reader that could not open the file it was given (Open3D's, and RPly's under it): the
    # reader warns and hands back an empty mesh, and the job fails later on the empty data (a reshape of 0 elements);
    # a job that went on and did its work is not failed by the warning
    Rule("mesh_unreadable", CONFIG, "missing_file", fatal=False,
         log=r"^RPly: Unable to open file\s*$"
             r"|\bRead (?:PLY|PCD|OBJ|STL|OFF|XYZ\w*|mesh|point ?cloud) failed: unable to open file\b"),
    # tesseract without the config file a training step names (tessdata's configs/lstm.train not installed)
    Rule("tesseract_config_missing", CONFIG, "missing_file", log=r"^read_params_file: Can't open \S+"),
    # A shell told to run or source a file that is not there (``bash: activate: No such file or directory``: MLflow's
    # ``source activate`` under a conda that no longer ships the script; a job script's path given wrong)
    Rule("shell_file_missing", CONFIG, "missing_file",
         log=r"^(?:\S*/)?(?:ba|z|da|k)?sh: (?:line \d+: )?[^\s:]+: No such file or directory\s*$"
             # a script's own name, as bash prints a file it sources or runs that is not there (a recipe run from
             # another folder than its utils/ links: ``./asr.sh: line 255: utils/parse_options.sh: ...``)
             r"|^(?:\S*/)?[\w.-]+\.(?:sh|bash|pl): line \d+: [^\s:]+: No such file or directory\s*$"
             # ... or a script without an extension naming a path it runs (not a bare word it sources, such as a
             # Slurm batch script's ``deactivate``, after which the script goes on)
             r"|^(?:\S*/)?[\w.-]+: line \d+: [^\s:]*/[^\s:]+: No such file or directory\s*$"
             # ... or a command given it as one quoted word, its arguments and redirections in it (``bash -c`` of
             # ``'claude install > /dev/null'``: bash looks for a program of that whole name)
             r"|^(?:\S*/)?(?:ba|z|da|k)?sh: line \d+: [^:\n]*/[^:\n]* [^:\n]*: No such file or directory\s*$"
             # a container runtime that cannot exec the image's entrypoint (absent, or a script whose interpreter is)
             r"|exec user process caused:? \\?\"?no such file or(?: directory|$)"),
    # a compiler not finding a header, its strerror in the job's language (a toolkit's headers not installed where the
    # build looks: ``fatal error: mjmodel.h: 没有那个文件或目录``); the English words are read in ``missing_file``
    Rule("header_missing_l10n", CONFIG, "missing_file",
         log=r"\bfatal error: [\w./-]+\.(?:h|hh|hpp|cuh|hxx): (?:" + "|".join(re.escape(w) for w in NOENT_L10N)
             + r")\s*$"),
    # A recipe script's own check of a folder it was given (Kaldi's, ESPnet's and WeNet's ``local/download_and_untar.sh:
    # no such directory /export/data/``): the data root set for this machine is not there. Some recipes go on and make
    # the folder, so the line does not fail a job that went on and did its work.
    Rule("script_folder_missing", CONFIG, "missing_file", fatal=False,
         log=r"^(?:\S*/)?[\w.-]+\.(?:sh|bash|pl|py): [Nn]o such directory \S+\s*$"),
    # A native data reader given a path that is not there: dmlc's file system (MXNet's RecordIO iterators), Caffe's
    # LMDB source (LMDB's status is an errno: 2 is ENOENT), R's compressed file.
    Rule("reader_path_missing", CONFIG, "missing_file",
         log=r"\bLocalFileSystem\.GetPathInfo \S+ Error:No such file or directory"
             # STAR's genome index or input not there (``EXITING because of FATAL ERROR: could not open genome file``)
             r"|^EXITING because of FATAL ERROR: could not open (?:genome|input|read) files?\b"
             # R's gzfile() under readRDS() and load(), in the warning it prints before its error
             r"|\bcannot open compressed file '[^'\n]{1,300}', probable reason 'No such file or directory'"
             r"|Check failed: mdb_env_open\(.{0,400}\) == 0 \(2 vs\. 0\)"),
    Rule("missing_file", CONFIG, "missing_file",
         # (a model folder without a file a tool reads from it: Unsloth's ```config.json` does not exist inside``)
         # (a time zone the system's zoneinfo database does not hold: a container without tzdata, or a TZ no
         # database names: "ZoneInfoNotFoundError: 'No time zone found with key America/Toronto'")
         log=_PFX + r"(?:\w+\.)*FileNotFoundError(?:$|:(?: *$| (?:[^h]|h[^ft]|hf[^:]|ht[^t]|htt[^p]|http[^s]"
                    r"|https[^:]|https:[^/]|https:/[^/]|https://[^h]|https://h[^u])))"
             # pip asked to install a folder that holds no project (the source not where the script expects it)
             r"|does not appear to be a Python project: neither 'setup\.py' nor 'pyproject\.toml' found"
             r"|is not installable\. (?:File 'setup\.py' not found|Neither 'setup\.py' nor 'pyproject\.toml' found)"
             r"|can't open file .*No such file or directory|SystemError: opening file .*: No such file or directory"
             r"|No time zone found with key \S"
             # a library's own exception naming the file it looked for (TrackEval's "TrackEvalException: Tracker file
             # not found: //MOT17-04.txt")
             r"|" + _EXC_LINE + r": (?:\w+ ){0,2}[Ff]ile (?:not found|does not exist|doesn't exist): \S"
             # Atari ROMs not installed (atari-py, ale-py): the game the program asks for has no ROM file
             r"|ROM is missing for \w+|We're Unable to find the game \"|Unable to find game \"[^\"]+\", did you import"
             # AlphaFold's data pipeline given a database path with nothing there
             r"|Could not find [\w-]+ database \S"
             # DALI's readers given a path that is not there or not a file
             r"|Could not open JSON annotations file: |\] File mapping failed: "
             # cuDNN on Windows without a DLL it loads (zlibwapi.dll for cuDNN 8.4, its own sub-libraries)
             r"|^Could not locate \w+\.dll\. Please make sure it is in your library path"
             r"|^Could not load library \w+\.dll\. Error code \d+"
             # Kaldi's recipe scripts checking their configuration (``steps/make_mfcc.sh: no such file
             # conf/mfcc.conf``); a file an earlier stage makes (``feats.scp`` after ``run.pl: 48 / 48 failed``) is
             # that stage's failure, whose cause is in its own logs
             r"|^\S+\.(?:sh|pl): no such file \S+\.conf$"
             # a build's compiler not finding a source or header it was given (an extension's setup naming a file its
             # release ships under another name; a header of a toolkit not installed)
             r"|^(?:g\+\+|gcc|c\+\+|cc|clang\+\+|clang|nvcc)(?:-\d+)?(?:\.exe)?: (?:(?:fatal )?error: )?\S+: No such"
             r" file or directory\s*$|\bfatal error: [\w./-]+\.(?:h|hh|hpp|cuh|hxx): No such file or directory\s*$"
             # NVRTC compiling a kernel at run time without the toolkit's headers on its include path (a CUDA not in
             # the default place): ``catastrophic error: cannot open source file "cuda_runtime.h"``
             r"|\bcatastrophic error: cannot open source file \"[\w./-]+\.(?:h|hh|hpp|cuh)\""
             # Julia's MPIPreferences finding no system MPI library where it was told to look
             r"|\bMPI library could not be found\b"
             # an npm package's prebuilt native addon missing (a failed install): tfjs-node
             r"|The Node\.js native addon module \("
             # transformers' Trainer resuming from a folder with none of the weight files it looks for
             r"|Can't find a valid checkpoint at "
             # Triton finding no unversioned libcuda.so (only libcuda.so.1: no driver development symlink); XLA finding
             # no libdevice.10.bc (no CUDA toolkit where it looks: a pip-installed TF, CUDA in /opt)
             r"|libcuda\.so cannot found!|libdevice not found at \S+|libdevice is required by this HLO module but was"
             r" not found"
             # TensorFlow Datasets given a data_dir without the <name>/<version>/ layout it prepares
             r"|The builder directory \S+ doesn't contain any versions\.|No builder could be found in the directory: "
             # OpenAI's clip.load given a weights path that is not there (it then takes the path for a model name)
             r"|Model (?:/|\.{1,2}/|~/|[A-Za-z]:[\\/])\S* not found; available models = "
             # Grid Engine's shepherd cannot enter the job's working directory (``-wd``, ``-cwd``)
             r"|failed changing into working directory|^failed +28 *: changing into working directory"
             r"|Repo id must be in the form 'repo_name'|Failed to create a NewWriteableFile"
             r"|unable to open file <[^>]*> in read-only mode: No such file"
             r"|error message = '[Nn]o such file or directory'|Can't load save_path when it is None"
             r"|^\s*Resource \S+ not found\.$|Please use the NLTK Downloader to obtain the resource"
             r"|\bResource u?'[^']{1,200}' not found\.|^\s+raise LookupError\(resource_not_found\)$"
             r"|(?:NotFoundError|Not found): .*(?:No such file or directory|cannot find the path)"
             # Torch7's DiskFile (``cannot open <model.t7> in mode r``; in mode w, the folder it saves to is not
             # there), loadcaffe's ``Couldn't load models/VGG_ILSVRC_19_layers.caffemodel`` (the weights were
             # never downloaded), Caffe's ReadProtoFrom*File (``File not found: x.prototxt``), ModelScope's hub
             # asked for a file its repository does not hold
             r"|\bcannot open <[^>]{1,500}> in mode +[rwa]\b|^Couldn't load \S+\.(?:caffemodel|prototxt|t7)\b"
             r"|Check failed: fd != -1 \(-1 vs\. -1\) File not found: |NotExistError: The file path: .* not exist in: "
             r"|Parent directory of \S+ doesn't exist|RuntimeError: Cannot find the files\.$"
             r"|Unsuccessful TensorSliceReader constructor: Failed to find any matching files for"
             # (TF 1.x's older words, the file system's NotFound after them: a checkpoint path that is not there)
             r"|Unsuccessful TensorSliceReader constructor: Failed to get matching files on \S+: Not found: "
             r"|Cannot find primary config '|The given source path does not exist|NewRandomAccessFile failed to"
             r" Create/Open: |The specified bucket does not exist|\bNoSuchBucket\b"
             r"|404 Client Error: (?:Entry )?Not Found for url|HTTP Error 404: Not Found"
             r"|Could not open activation key file"
             # Kubernetes mounting a volume claim the namespace does not have (the dataset's PVC; a ConfigMap or
             # Secret not there is the launch's set-up, launch_setup)
             r"|\bpersistentvolumeclaim \"[^\"]+\" not found"
             # Spark SQL reading a path that is not there
             r"|AnalysisException: \[?(?:PATH_NOT_FOUND\] )?Path does not exist: \S"
             # DVC's: the dvc.yaml, params file or target the command names is not there
             r"|^ERROR: '[^']+' does not exist$"
             # an image the data loader read as None (OpenCV's imread returns None for a path that is not there):
             # YOLOv5's and YOLOv7's "Image Not Found", OpenCV's own check on the empty image it was handed, and a
             # loader's bare ``assert img is not None`` (YOLOX's) as its traceback shows the statement
             r"|AssertionError: Image Not Found\b|\(-215:?\s?Assertion failed\)\s*!_?s(?:rc|size)\.empty\(\)"
             r"|^\s+assert (?:img|image|im|img0|frame)\w{0,8} is not None\s*(?:$|, ?f?['\"](?:[Ii]mage|[Ff]ile)\b)"
             # Singularity 2's words for an image file that is not at the path given; make run in a folder without
             # a Makefile (a package installed without the sources its step builds)
             r"|^ERROR\s*: Image path (?:\S+ )?doesn'?t exists?\b"
             r"|^make(?:\[\d+\])?: \*\*\* No targets specified and no makefile found\."
             # Darknet's file_error(): a .data file's train/valid list, a .cfg or a weights file that is not there;
             # stb_image unable to open an image the list names
             r"|^Couldn't open file: \S|^STB Reason: can't fopen"
             # podman's and docker's Go errors for a path a --device or bind mount names that the host lacks
             r"|^Error: (?:l?stat|statfs) \S+: no such file or directory$"
             r"|bind source path does not exist: \S"
             # Apptainer/Singularity given an image or a bind source the node does not have; enroot's squashfs image
             r"|could not open image \S+: failed to retrieve path for \S+: lstat \S+: no such file or directory"
             # ... or a host file it binds into the container by default that the node lacks (/etc/resolv.conf)
             r"|\bcontainer creation failed: (?:open|l?stat|mount) \S+: no such file or directory"
             r"|mount source \S+ doesn't exist|^\s*(?:\S+:\s+)*\[ERROR\] No such file or directory: \S"
             r"|that Paddle depends on is not configured correctly\. \(error code is .*cannot open shared object file"
             r"|Failed to pull image \S+: .*(?:not found|name unknown|does not exist)"
             # HF with look-ups turned off and the files not in the cache: no retry brings them (the message wrapped
             # after "has" by a terminal too)
             r"|outgoing traffic has(?: been disabled|\s*$)|offline mode is enabled"
             # mujoco-py's own check of LD_LIBRARY_PATH for the MuJoCo release it was built for
             r"|^Missing path to your environment variable\.\s*$"
             # transformers given a folder without the weights it looks for (or with another framework's only)
             r"|does not appear to have a file named \S+"
             r"|Error no file named \S+(?:, \S+)*(?: or \S+)? found in directory"
             # transformers took a path that is not there for a hub id, and the hub has no such repo (or not for
             # this token): the path or the id in the config is wrong
             r"|\bis not a local folder and is not a\b"
             # Hydra's defaults naming a config group option that is not there
             r"|^In '[^']*': Could not (?:find|load) '|MissingConfigException: |Primary config directory not found"
             # Hydra's --config-dir naming a folder that is not there
             r"|^Additional config directory '[^'\n]*' not found"
             # a dataset that is empty or missing, in the project's (or the loader's) own words
             r"|num_samples should be a positive integer value, but got num_samples=0"
             r"|Found 0 (?:files|images) in (?:sub)?folders? of|string_input_producer requires a non-null input tensor"
             r"|(?:Error|Exception|ERROR)\b.*\b[Nn]o (?:\w+ ){0,3}(?:images?|files|samples|annotations|videos"
             r"|data) (?:were |was |could be )?found\b"
             r"|" + _EXC_LINE + r": .*\b(?:root|dir|directory|folder|path)\b(?: \([^)\n]*\)| \S+)?"
             r" (?:doesn't|does not|did not|didn't) (?:exists?|contain)\b"
             r"|" + _exc("InvalidGitRepositoryError", "NoSuchPathError", "ZoneInfoNotFoundError")
             + r"|"
             + _exc("OSError") + r".*cannot open shared object file: No such file or directory"
             # the dynamic loader's, for a native program's own library (a toolkit's lib folder not on the path, a
             # mounted software disk not there)
             r"|\berror while loading shared libraries: \S+: cannot open shared object file: No such file"
             # R's dyn.load of a package's library, naming the system library it needs on the line under
             # ``unable to load shared object '...sf.so':`` (GDAL, GEOS, an ICU upgraded away)
             r"|^\s+lib[\w+.-]*\.so(?:\.\d+)*: cannot open shared object file: No such file or directory$"
             # rocBLAS without its Tensile kernels' library where it looks (ROCBLAS_TENSILE_LIBPATH, an install moved);
             # the same words naming the GPU's arch are a build without this GPU's kernels (version_mismatch)
             r"|rocBLAS error: Cannot read \S+: No such file or directory$"
             r"|`[\w.\-]+\.(?:json|safetensors|bin|model)` does not exist inside\b"),
    # A spell checker without the dictionary it was asked for (hunspell's affix and word files, aspell's word lists,
    # pyenchant's): the language's package is not installed where it looks. And a program's own words for an input
    # file that is not there (PyLaia's ``ERROR: File "te.txt" does not exist!``), on a line of its own that starts with
    # the error's mark.
    Rule("named_file_missing", CONFIG, "missing_file",
         log=r"^Can't open affix or dictionary files for dictionary named\b"
             r"|\bNo word lists can be found for the language \"|\bDictionary for language '[^'\n]+' could not be found"
             r"|^(?:ERROR|Error|FATAL|Fatal)(?::| -)? +(?:[Ii]nput |[Dd]ata |[Tt]ext )?[Ff]ile \"?[^\s\"]{1,300}\"?"
             r" (?:does not exist|doesn't exist)\b"
             # distutils' install_data or build_py asked to copy a file the source tree lacks (a released package
             # built without it)
             r"|\berror: can't copy '[^'\n]{1,300}': doesn't exist or not a regular file"
             # TensorFlow.js for Node given a model path that is not there
             r"|^Error: Path \S{1,300} does not exist: loading failed\b"),
    # Before permission and I/O: the errno beside it (11, 37, 5) is the lock's, not the disk's. EAGAIN (11; 35 on
    # macOS) is a lock another process holds: in public threads nearly always the program's own ranks or a second
    # job opening the same .h5, which a retry meets again (their authors call it the setup's in six of seven; it
    # was read as transient until held-out set 74); no locks at all on the file system (ENOLCK), or an I/O error
    # under them, is the setup's too.
    # LMDB's table of reader slots full (``MDB_READERS_FULL``): more readers than the environment's max_readers, most
    # often one environment opened per DataLoader worker and never closed, workers re-created each epoch
    Rule("lmdb_readers_full", CONFIG, "bad_arguments", log=r"\bReadersFullError\b|\bMDB_READERS_FULL\b"),
    Rule("file_locked", CONFIG, "file_locked",
         log=r"unable to lock (?:the )?file|driver lock request failed|\bH5FD_\w*lock\b"
             # a lock file another rank or process holds (Hugging Face evaluate's rendezvous lock on a shared folder
             # whose locks do not work across nodes)
             r"|\bCouldn't acquire lock on \S+"
             # apt or dpkg while another install holds the package database (unattended upgrades at boot)
             r"|^E: Could not get lock /var/lib/dpkg/lock(?:-frontend)?\b"
             # RocksDB's and LevelDB's store (a tracker's, a feature cache's) whose LOCK file another process holds:
             # the writing run, or a second job opened on the same folder
             r"|IO error: (?:While lock file|lock):? \S*LOCK: "
             r"(?:Resource temporarily unavailable|already held by process)"
             # HDF5 creating a file another handle (a crashed run's, in the same session) still holds open
             r"|unable to truncate a file which is already open"
             # Windows' sharing violation (ERROR_SHARING_VIOLATION, 32): another process holds the file open (a
             # viewer, an indexer, a sync client), so a checkpoint's rename or a download's clean-up fails
             r"|being used by another process|\[WinError 32\]"
             # ... and a file another handle still maps (ERROR_USER_MAPPED_FILE, 1224: a safetensors checkpoint
             # loaded with mmap, written over at the next save)
             r"|on a file with a user-mapped section open|\[WinError 1224\]"
             # MosaicML streaming: the local cache folder is claimed (in shared memory) by another run, or by a dead
             # one's stale objects
             r"|Reused local directory: \["
             # DVC's repository lock, held by another dvc command in the same workspace (or left by a killed one)
             r"|\bUnable to acquire lock\. Most likely another DVC process is running\b"
             # Helm's release held by an install, upgrade or rollback that is still pending (or died pending)
             r"|\banother operation \(install/upgrade/rollback\) is in progress\b"
             # py-filelock giving up on a lock another process holds (the hub's cache, a dataset's cache folder): a
             # wait that timed out, but on a holder (a sibling rank, a dead run's lock), not the network
             r"|\bThe file lock '[^'\n]+' could not be acquired\b"),
    Rule("permission_denied", CONFIG, "permission_denied",
         log=_exc("PermissionError") + r"|\[Errno 13\] Permission denied|errno: 13 - Permission denied"
             # NVML opened by a user the device nodes are not open to (rootless podman, a container's cgroup rules)
             r"|Failed to initialize NVML: Insufficient Permissions"
             # CatBoost unable to create its train directory where the job runs (a service's working directory)
             r"|Can't create train working dir: "
             r"|\[Errno 30\] Read-only file system|\[Errno 1\] Operation not permitted|" + _exc("PermissionDeniedError")
             + r"|uncaught exception raised locally: (?:\w+\.)*PermissionDeniedError\("
             + r"|OP_REQUIRES failed at .*: Permission denied: "
               r"|\b(?:mkdir|touch|cp|mv|ln|rm|tee|chmod|chown|install): cannot [a-z ]+.*: Permission denied$"
               r"|nvidia-container-cli: .*: permission denied$"
               # Kubernetes' RBAC: the service account a pod or a workflow's executor runs as may not do what it asks
               # (kubectl's "Error from server (Forbidden)", and the same in a controller's JSON-quoted log)
               r"|is forbidden: User \\?\"[^\"\\]+\\?\" cannot [a-z]+ resource \\?\""
               # Windows: ERROR_ACCESS_DENIED, a privilege (a symlink) the user does not hold
               r"|\[WinError (?:5|1314)\]|: Access is denied\.$"
               # an ssh launcher (mpirun's, pdsh's) whose key the other host's sshd refuses
               r"|: Permission denied \((?:publickey|gssapi|keyboard-interactive|password|hostbased)[\w,-]*\)\.?$"
               # a program's own report that it could not make or write what it needs, naming permissions as what
               # to check (bonnet's "Error creating log directory. Check permissions! Exiting...")
               r"|\b(?:[Ee]rror|ERROR|[Ff]ailed|[Cc]annot|[Cc]ould not|[Uu]nable)\b.*\b[Cc]heck (?:the |your )?"
               r"permissions\b"),
    # Lightning's MisconfigurationException for a LightningModule without a method it needs is the module's code,
    # not the Trainer's configuration (a guard before bad_arguments, which takes Lightning's other ones)
    Rule("lightning_module_incomplete", CODE, "programming_error",
         # (a val_ or test_dataloader it asks for is as often validation switched on without data: the setup's)
         log=r"No `\w+\(\)` method defined"
             r"|`train_dataloader` must be implemented to be used with the Lightning Trainer"
             # self.log called twice for one key in a step with other arguments
             r"|\bYou called `self\.log\([^`\n]{0,200}\)` twice in `\w+` with different arguments"),
    # accelerate's own check of the rendezvous port before it launches: the port another process holds (its words
    # name the flag to change it, which bad_arguments below would read as a command line to fix)
    Rule("accelerate_port", TRANSIENT, "port_in_use",
         log=r"Tried to launch distributed communication on port `?\d+`?, but another process is utilizing it"),
    # An op with no kernel for the precision it was given (``"addmm_impl_cpu_" not implemented for 'Half'``: fp16
    # on the CPU; fp8 on a GPU or ROCm build without it): the precision the run asks for, on this device. (An integer
    # or bool tensor given to a float op, ``"floor_cuda" not implemented for 'Long'``, is the program's: type_error.)
    # ... but a kernel's dispatch over its index tensor's type (torch names it ``..._index``) given floats, or an
    # NLL loss given Float or Double (its input takes them: the type named is its targets'), is the program's: its
    # class targets were left float (``"nll_loss_forward_reduce_cuda_kernel_2d_index" not implemented for 'Float'``)
    Rule("index_kernel_given_floats", CODE, "type_error",
         log=r"\"\w+_index\" not implemented for '(?:Half|BFloat16|Float|Double)'"
             r"|\"nll_loss\w*\" not implemented for '(?:Float|Double)'"),
    Rule("kernel_dtype_missing", CONFIG, "bad_arguments",
         log=r"\"\w+\" not implemented for '(?:Half|BFloat16|Float8\w*|ComplexHalf|ComplexFloat|Float|Double)'"),
    # Settings that the data, the machine or each other cannot meet, in words the main bad_arguments rule below does
    # not read (kept apart so that rule's pattern stays within RE2's budget): FID's covariance square root gone
    # complex (fewer samples than the features' 2048 dimensions); a random crop larger than an image (numpy's and
    # torch's empty range); a managed cluster's VM size whose image cannot mount the job's storage (Azure ML); and,
    # each with its own comment, peer access between GPUs, DDP's settings, a client pointed at the wrong server,
    # multi-node launch settings and a dataset name its registry does not define.
    Rule("setting_unmet", CONFIG, "bad_arguments",
         log=r"ValueError: Imaginary component -?\d|Range cannot be empty \(low >= high\) unless no samples are taken"
             # pybullet asked for a second GUI in one process (an environment made with rendering on, twice: vectorised
             # copies, a train and an eval env): one GUI is all it allows, the others must be DIRECT
             r"|\bOnly one local in-process GUI/GUI_SERVER connection allowed\b"
             # two kinds of parallelism the run asks for at once that its engine does not combine (DeepSpeed's
             # ZeRO-2/3 with its pipeline engine)
             r"|\bZeRO-\d(?: and ZeRO-\d)? (?:is|are) (?:incompatible|not compatible) with pipeline parallelism"
             r"|\bincompatible with (?:pipeline|tensor|sequence|context|expert) parallelism\b"
             r"|random_ expects 'from' to be less than 'to', but got from=-?\d+ >= to=-?\d+"
             r"|Selected VM image doesn't support containers mounting"
             # GPUs of one host that cannot reach each other's memory (consumer cards: RTX 4090s), where the job or its
             # engine asks for peer access (vLLM's and SGLang's custom all-reduce); accelerate's check that refuses
             # RTX 40-series cards until NCCL's P2P and IB are switched off; a message that names its config as wrong
             r"|'peer access is not supported between these two devices'"
             r"|doesn't support faster communication broadband via P2P or IB|Please set `?NCCL_P2P_DISABLE"
             r"|\bCheck your config(?:uration)? and try again\b"
             # DDP meeting a parameter twice in one backward (reentrant activation checkpointing, a module reused):
             # the DDP settings (static_graph, find_unused_parameters) or the checkpointing's (use_reentrant)
             r"|Expected to mark a variable ready only once"
             # trl's GRPO client pointed at a plain vLLM server, without trl's own endpoints
             r"|\bRequest failed: 404, \{\"detail\":\"Not Found\"\}"
             # Lightning's random master port on a multi-node run; LLaMA-Factory's dataset name its dataset_info.json
             # does not define (a run started outside its folder); a VLM's image tokens cut by the length limit
             r"|random port can only be called from single node training"
             r"|\bUndefined dataset \S+ in dataset_info\.json"
             r"|Image features and image tokens do not match: tokens: \d+, features:? \d+"
             # Gloo's full mesh that did not connect, with no error of its own: the interface it bound
             r"|Gloo connectFullMesh failed with \[\S*pair\.cc:\d+\] no error"
             # tensorstore (t5x's, orbax's checkpoints) handed a relative path: it takes only absolute ones
             r"|\bInvalid key: \\?\"\.\.?/"
             # XGBoost's GPU workers of one training put on the same device (Spark's executors given one GPU each)
             r"|\bMultiple processes within communication group running on same CUDA device is not supported\b"
             # torch.distributed used before init_process_group: most often a script started without its launcher
             # (torchrun sets the process group up through the script's own call), as the corpus's authors read it
             r"|\bDefault process group has not been initialized, please make sure to call init_process_group"
             # S3 telling a client set for another region or endpoint where the bucket is (TF's S3 file system, boto,
             # Go's SDK)
             r"|The bucket you are attempting to access must be addressed using the specified endpoint"
             # a dataset or a model whose repository holds code, loaded without trust_remote_code (datasets' words
             # and transformers'), its message on lines of its own as a harness prints it; not datasets 2's
             # FutureWarning in the same words (``load.py:1429: FutureWarning: The repository for piqa contains custom
             # code ...``), which goes on
             r"|" + _ENDS_JOB + r"(?:The repository for \S+ contains custom code which must be executed to correctly "
             r"load|Loading this dataset requires you to execute custom code contained in)"
             r"|[Ss]et the option `trust_remote_code=True` to remove this error"),
    # A program that opens a window started where there is no display (a CI runner, a server, a container without
    # X11 forwarded): Godot's editor build, Qt's xcb plugin, GTK, pyglet, Tk. The set-up's: a headless build,
    # xvfb-run or an offscreen platform is the fix (the corpus's authors read these as the set-up's or a crash; not
    # a bare ``Can't open display``, which ViZDoom prints after its instance crashed, nor GLFW's ``The DISPLAY
    # environment variable is missing``, which it prints as a warning before the renderer's own error).
    Rule("display_unavailable", CONFIG, "bad_arguments",
         log=r"\bX11 Display is not available\b|\bcould not connect to display\b|\bcannot open display\b"
             r"|\b(?:[Ff]ailed|[Uu]nable) to open (?:X )?display\b|\bNoSuchDisplayException\b"
             r"|\bno display name and no \$DISPLAY environment variable\b"),
    # A browser a page-automation library drives that will not start where it is: Chromium run as root without
    # --no-sandbox or without a usable sandbox (a container), Firefox under geckodriver exiting at once with status 1
    # (snap's confinement, no display for a headed run, a profile it cannot load; status 11 is its crash): the
    # set-up's, whatever the driver's HTTP status around it (the WebDriver protocol answers 500 for every error)
    Rule("browser_refused_start", CONFIG, "bad_arguments",
         log=r"\bRunning as root without --no-sandbox is not supported\b|\bNo usable sandbox! "
             r"|\bProcess unexpectedly closed with status 1\b"),
    # ... or is not there: Playwright's browsers never downloaded (``playwright install``), Selenium Manager unable
    # to find or fetch a driver, pyppeteer's Chromium revision gone from the download site
    Rule("browser_not_installed", CONFIG, "missing_file",
         log=r"\bExecutable doesn't exist at /|\bExecutable doesn't exist at \w:\\"
             r"|\bUnable to obtain driver (?:for \w+ )?using Selenium Manager\b"
             r"|\bChromium downloadable not found at\b"),
    # ... or is of another release than its driver (chromedriver's and msedgedriver's own check)
    Rule("browser_driver_mismatch", CONFIG, "version_mismatch",
         log=r"\bThis version of (?:ChromeDriver|MSEdgeDriver|Microsoft Edge WebDriver) only supports"
             r" \w+(?: \w+)? version \d+"),
    # OpenCV's own words for what its build lacks (``cv2.error`` is no exception name the structure reads): a GUI call
    # in a build without one (opencv-python-headless, a conda build: the wrong build of it, as both of set 546's
    # authors read it), an ONNX node its importer's release cannot parse
    Rule("opencv_build_unfit", CONFIG, "version_mismatch",
         log=r"\bThe function is not implemented\. Rebuild the library with Windows, GTK\+ 2\.x or Cocoa support\b"
             r"|\bonnx_importer\.cpp:\d+: error: \(-\d+:[\w ]+\) in function 'handleNode'"),
    # ... or a DNN model file it could not open (a Python call with arguments none of its overloads take is
    # type_error's, in the program's tier)
    Rule("opencv_file_unopened", CONFIG, "missing_file",
         log=r"\berror: \(-2:Unspecified error\) FAILED: fs\.is_open\(\)\. Can't open \""),
    Rule("bad_arguments", CONFIG, "bad_arguments",
         # (a shell script saved with Windows line ends: bash reads each \r as a command)
         log=r": \$'\\r': |error while handling argument \"-[\w-]+\": |"
             # (the same file's #! line ending in a carriage return: the kernel looks for "/bin/sh\r", which bash
             # prints as ^M)
             r"\^M: bad interpreter: |"
             # sentencepiece's trainer given a vocabulary size its corpus cannot fill, or smaller than its characters
             r"Vocabulary size is smaller than required_chars\b|\bVocabulary size too high \(\d+\)\. Please set it to a"
             r" value <= \d+|"
             # webdataset handed a shard URL of a scheme it has no opener for (a bare s3:// or gs:// URL, not a pipe:
             # command)
             r"\bno gopen handler defined\b|"
             # ninja given a target it does not have (a build's command line edited by hand: an en dash for -v)
             r"^ninja: error: unknown target '|"
             # Helm installing a release under a name a release still holds
             r"\bINSTALLATION FAILED: cannot re-use a name that is still in use\b|"
             # Hydra's instantiate calling the config's target with arguments it does not take, or without those it
             # needs (its report quotes the TypeError's repr): the config's keys, written for another class or release
             r"^TypeError\([\"'].*(?:missing \d+ required (?:positional|keyword-only) arguments?"
             r"|got an unexpected keyword argument|got multiple values for (?:keyword )?argument)|"
             # pip refusing a system Python its distribution manages (PEP 668: Debian 12, Ubuntu 23.04 and later, a
             # container built on them): a venv or --break-system-packages is the job's to choose
             r"\berror: externally-managed-environment\b|\bThis environment is externally managed\b|"
             r"\bThe interpreter at \S+ is externally managed\b|"
             # MLflow given a store or artifact URI it cannot use (a Windows drive path as file://C:/..., a scheme it
             # has no repository for)
             r"is not a valid remote uri\. For remote access on windows|"
             r"Could not find a registered artifact repository for: |"
             # Orbax restoring a checkpoint saved over other devices without the shardings for these ones
             r"The available devices are different from the devices used to save the checkpoint\b|"
             # a GPU index past the ones the process sees (more ranks than GPUs, CUDA_VISIBLE_DEVICES narrower than the
             # device a config names): the launch's numbers, as most of the corpus's authors read CUDA's words; older
             # torch's get_device_properties (DataParallel's device_ids) in its own
             r"invalid device ordinal|AssertionError: Invalid device id$|"
             # (PyFR's CUDA backend raising CUDA's status for the same as an exception of its own)
             r"\bCUDAInvalidDevice\s*$|"
             # CMake given an empty list of CUDA architectures (``-DCMAKE_CUDA_ARCHITECTURES=`` from an unset variable);
             # nvcc given an architecture that is no number (a Makefile's GPU detection that printed "None")
             r"nvcc fatal +: Unsupported gpu architecture '(?:compute|sm)_(?:[A-Za-z]\w*)?'|"
             r"CMAKE_CUDA_ARCHITECTURES must be non-empty if set|CUDA_ARCHITECTURES is empty for target|"
             # absl's app.run refusing the command line's flags (its own words, before "Pass --helpshort or --helpfull")
             r"^FATAL Flags parsing error: |"
             # Lmod refusing a module that conflicts with one the script loaded before it
             r"Cannot load module \"[^\"]+\" because these module\(s\) are loaded|"
             # sentencepiece asked for more pieces than its corpus yields (with hard_vocab_limit on, the default)
             r"\(trainer_spec_\.vocab_size\(\)\) == \(model_proto->pieces_size\(\)\)"
             r"|Vocabulary size too high \(\d+\)\. Please set it to a value <= \d+|"
             # optparse's (pip's) and click's unknown option
             r"^(?:\S+: error: )?no such option: -|^Error: No such option: -|"
             # W&B asked to overwrite a value in a resumed run's config (a new seed, another learning rate)
             r"Attempted to change value of key \"[^\"]+\" from |"
             # PaddlePaddle's launcher given devices the host does not have
             r"LAUNCH ERROR .*Device not found \d+ from |"
             # a framework's KeyError whose message is a sentence about its configuration, not a key (NequIP's
             # "The following keys in the config file were not used, did you make a typo?")
             r"KeyError: ['\"][^'\"\n]{0,200}\b(?:config|configuration)\b[^'\"\n]{0,200} |"
             # git asked for a commit, branch or ref the repository does not have (a task cloned at a commit never
             # pushed; a branch spelled otherwise)
             r"^fatal: reference is not a tree: |^fatal: [Cc]ouldn't find remote ref \S"
             # Ray Train asking for more of a resource than the whole cluster has (GPUs per worker times workers)
             r"|Resource request \{[^}]*\} cannot be fulfilled by the cluster"
             # Darknet given a .cfg that does not start with its [net] section (a .data or weights file in its place)
             r"|^First section must be \[net\] or \[network\]"
             # DVC's own refusal of its configuration; Kedro's pipeline naming a dataset its catalog lacks; Optuna
             # asked to create a study whose name is taken (load_if_exists not set)
             r"|^ERROR: configuration error - |DatasetNotFoundError: Dataset '[^']+' not found in the catalog"
             r"|" + _exc("DuplicatedStudyError") + r"|"
             r"^fatal: Remote branch \S+ not found in upstream \S"
             # docker given an image name it cannot parse (upper case, a stray space in a variable)
             r"|^docker: invalid reference format\b"
             # a clone into a folder an earlier attempt left: every retry meets it
             r"|^fatal: destination path '[^']+' already exists and is not an empty directory"
             r"|^error: pathspec '[^']*' did not match any file\(s\) known to git|"
             # nvidia-container-cli asked for a GPU index or UUID the host does not have (docker --gpus 2 on one GPU)
             r"nvidia-container-cli: device error: \S+: unknown device|"
             # tyro's (nerfstudio's ns-train) and COLMAP's refusal of an option they do not know; W&B refusing a
             # sweep's configuration
             r"^(?:│ |\| )?Unrecognized options?: --[\w.-]+"
             r"|Failed to parse options(?: -|:) unrecognised option '--[\w.-]+'"
             r"|\bInvalid sweep config: |"
             # OpenMMLab's registries (mmengine's, mmcv's) asked for a type the config names that nothing registered:
             # a custom module the config does not import, a typo, or a package of another release (mmcv's builder
             # re-raises it under the outer type it was building: ``KeyError: "Recognizer3D: 'X is not in the models
             # registry'"``)
             r"\bKeyError: [\"'](?:\w+: [\"'])?\S+ is not in the [\w:]+ registry\b|"
             # ... and BasicSR's (its model, arch or dataset registries: a repository's class not imported because an
             # installed basicsr runs instead of the repository's own)
             r"\bKeyError: [\"']No object named '\w+' found in '\w+' registry!|"
             # a BSD tool refusing a GNU long option (macOS's split, sed, date in a data-preparation script)
             r"^[\w.-]+: illegal option -- \S|"
             # OmegaConf's errors as Hydra quotes them in its "Error in call to target" report (their repr, so no
             # line starts with the name): a key the config lacks ("ConfigAttributeError('Missing key sensor")
             r"^(?:omegaconf\.errors\.)?Config(?:Attribute|Key|Type|Value)Error\(['\"]|"
             # Dask asked to build a collection from no inputs at all (a download or listing step found nothing)
             r"All `iterables` must have a non-zero length|"
             # NVFlare's start-up kit refusing files changed after they were signed at provisioning (fed_server.json
             # edited by hand): provision again, or change the project's yaml
             r"The following files are not secure content\.|"
             # Spark's driver collecting more than its spark.driver.maxResultSize allows (the setting, or a collect()
             # the job should not make)
             r"is bigger than spark\.driver\.maxResultSize\b|"
             # a gRPC message over the limit of either end (a Milvus insert batch too large; a Flower client sending
             # GPT-2's weights past the channel's 512 MB): the size the job sends or the limit it set;
             # CTranslate2 (faster-whisper) asked for a compute type the GPU does not run (float16 on a P40)
             r"(?:grpc: received|\bSent) message larger than max \(\d+ vs\. \d+\)|"
             r"Requested \w+ compute type, but the target device or backend do not support|"
             # LMDB's environment filled its map (the map size the program opened it with): the same size fills again
             r"\bMDB_MAP_FULL\b|\bMapFullError\b|"
             # a bash script run by dash (sh x.sh: its arrays), a Python script run by the shell (``from x import``
             # read as mail's from, ``import`` as ImageMagick's)
             r"\bSyntax error: \"\(\" unexpected|^from: can't read /var/mail/|\bimport-im6\.q16: |"
             # libgit2 handed a proxy setting that is no URL (Julia's Pkg cloning its registry)
             r"GitError\(Code:\w+, Class:Net, malformed URL|"
             # a URL without a scheme (a bare name where a download link belongs): Go's net/http (pget, rclone),
             # Python's requests
             r"unsupported protocol scheme \"[^\"]{0,40}\"|Invalid URL '[^']*': No scheme supplied"
             r"|No connection adapters were found for '|"
             # argparse's refusal after the program's name, or at the line's start where a paste left the name out
             r"(?:: |^)error: (?:unrecognized arguments|the following arguments are required"
             r"|argument \S+: (?:invalid|expected)|ambiguous option|Parser key \")"
             # jsonargparse (LightningCLI) refusing a config value; pydantic refusing an experiment config's field
             r"|Does not validate against any of the Union subtypes|error: Configuration check failed"
             r"|^\s*(?:Error: )?Extra inputs are not permitted|Field required \[type=missing"
             # OmegaConf/Hydra merging a config group or a structured config that does not fit
             r"|^Error merging (?:override )?'?[\w./-]+=|Invalid type assigned ?: \w"
             # Nextflow's process asking more than its executor has; Metaflow's step decorator needing another
             # datastore; Torque's qsub given another scheduler's flag
             r"|Process requirement exceeds? available (?:CPUs|memory)|The @\w+ decorator requires --[\w-]+"
             r"|qsub: illegal -\w+ value"
             # LightGBM's distributed set-up given machines none of which is this one (a Dask cluster's addresses)
             r"|Machine list file doesn't contain the local machine"
             # tar or gzip given a file that is not an archive of that kind (a checkpoint named .tar, an HTML page)
             r"|tar: This does not look like a tar archive|gzip: \S+: not in gzip format"
             # a command a workflow engine built from its config (a cluster-status script given bsub's whole
             # answer), or a job's own script, that the shell cannot parse
             r"|: line \d+: syntax error near unexpected token"
             r"|MisconfigurationException(?:: |\([\"'])|Check batch related parameters\. train_batch_size is not"
             r"|no optimization profile has been defined|RequestTimeTooSkewed|^KeyError: 'pytorch-lightning_version'"
             r"|Duplicate GPU detected|ncclInvalidArgument|ncclInvalidUsage"
             # a jsonnet config (AllenNLP's) that does not parse; gin's config file that is not there to open
             r"|(?:STATIC|RUNTIME) ERROR: [^:]{1,500}\.(?:jsonnet|libsonnet):\d+:\d+"
             r"|^(?:OSError|IOError): Unable to open file: '\S+\.gin'"
             # hyperpyyaml (SpeechBrain's recipes) given a file whose required value is still a placeholder
             r"|is a !PLACEHOLDER and must be replaced"
             # ms-swift's own refusal of command-line arguments its parser does not know
             r"|^ValueError: remaining_argv: \["
             # Caffe's net or solver definition (a text-format prototxt) that does not parse
             r"|Error parsing text-format caffe\.\w+: \d+:\d+: "
             r"|Failed to parse (?:Net|Solver)Parameter file: +\S+\.prototxt\b"
             # NCCL's code 5 in a framework's own words (onnxruntime's ``NCCL failure 5: invalid usage``)
             r"|NCCL failure 5: invalid usage"
             # a model's pretrained tag or name its library does not have (OpenCLIP, OpenAI's clip.load)
             r"|Pretrained weights \([^)]*\) not found for model|Model [^/.~\s]\S* not found; available models = "
             # TF's example parser given records of another width than its feature spec (a dimension argument)
             r"|Number of (?:float|int64|bytes) values != expected|Can't parse serialized Example"
             # accelerate's FSDP config naming a layer class the model does not have
             r"|Could not find the transformer layer class to wrap in the model"
             # TF's multi-worker collectives with one worker's group on the GPU and another's on the CPU
             r"|is joining a group with incompatible device type"
             # ... or with another count of workers than the group was built for (TF_CONFIG's cluster)
             r"|Collective Op +has group_size \d+ and group_key\d* but that group has size \d+"
             # a cloud storage bucket's name that is not one (a template's placeholder left in)
             r"|Invalid bucket name: "
             # a TF graph's Assert on the data's values (labels in range, characters in the alphabet): the data or the
             # setting it is checked against, not the program's logic
             r"|InvalidArgumentError(?: \(see above for traceback\))?: assertion failed: \["
             # DeepSpeed's launcher: --include/--exclude or the hostfile naming slots or hosts it does not have
             # (CUDA_VISIBLE_DEVICES=0,2 is read as slots 0 and 1)
             r"|No slot '[^']*' specified on host '|Hostname '[^']*' not found in hostfile"
             r"|Hostfile is not formatted correctly|Hostfile contains (?:multiple entries for |a bad entry: )"
             r"|NCCL error in: [^,]*, invalid (?:argument|usage)"
             r"|no socket interface found|No usable listening interface found|is neither AF_INET\(2\) nor AF_INET6"
             r"|NET/Socket : No interface found|(?:srun|sbatch|salloc): (?:fatal|error): .*are mutually exclusive"
             r"|number of input must be bigger than batch size|Checkpoint path should be absolute"
             r"|Your setup doesn't support bf16|^Error: No such (?:command|option) '|CatboostError: Invalid param"
             r"|Failed to connect to GCS at address :\d+"
             # what the hardware or the launch cannot give: BatchNorm with one sample, a dtype the GPU lacks,
             # fp16 weights under a GradScaler, more processes than slots or devices, unused DDP parameters
             r"|Expected more than 1 (?:value per channel|spatial element) when training"
             # spconv's strided convolution on a grid too shallow for it (a point-cloud range and voxel size that do
             # not fit the backbone)
             r"|your out spatial shape \[[^\]]*\] reach zero"
             # gloo told to use a network interface this host does not have (GLOO_SOCKET_IFNAME)
             r"|ifa != nullptr\. Unable to find address for: "
             r"|only supported on GPUs with compute capability|FlashAttention only supports (?:Ampere|Turing)"

             # (Transformer Engine's FP8 on an Ampere GPU; the same words from other kernels' checks)
             r"|[Cc]ompute [Cc]apability \d+(?:\.\d+)? or (?:higher|above|newer|later)"
             r"|only supported on CUDA devices with compute capability >="
             # OGB asked for a dataset its loader does not hold (a node task's dataset given to the graph loader)
             r"|ValueError: Invalid dataset name [\w.-]+\.?$"
             # gym or gymnasium asked for an environment id its release does not register (an old version suffix)
             r"|DeprecatedEnv: Environment version \w+ for `[^`]+` is deprecated"
             r"|(?:NameNotFound|VersionNotFound): Environment `?[\w/:.-]+`? doesn't exist"
             r"|UnregisteredEnv: No registered env with id: "
             # Marian converting an option's value from its YAML to a number it cannot parse
             r"|Aborted from static To marian::fastopt_helpers::Convert<"
             # SkyPilot asked for resources on a cluster name that exists with others
             r"|ResourcesMismatchError: Requested resources do not match the existing cluster"
             r"|Attempting to unscale FP16 gradients|There are not enough slots available in the system"
             r"|Either request fewer slots for your application, or make more slots"
             r"|requires \d+ (?:logical )?devices, but only \d+ (?:XLA )?devices are available"
             r"|has parameters that were not used in producing the loss"
             # an exception that tells the user which command-line flag to pass (a training script's own check of
             # its arguments: "must be run using the --mlm flag")
             r"|(?:Error|Exception): .*\b(?:[Uu]se|[Pp]ass|[Ss]et|[Ss]pecify|[Aa]dd|[Pp]rovide|[Rr]un (?:it )?with"
             r"|using|either with|or with) (?:the ?)?[`'\"]?--[a-z][\w-]*"
             # Hydra/OmegaConf: an override or key the config does not have; YAML that does not parse
             r"|Could not override '|is not in struct$|^Key '[^']*' not in '|omegaconf\.errors\.\w+: "
             r"|ConfigCompositionException|MissingMandatoryValue|yaml\.(?:scanner|parser)\.\w+Error"
             r"|Exception has occurred: ScannerError|mapping values are not allowed here"
             # Open MPI cannot place the processes or start its runtime; a batch cut into more slices than samples;
             # a Go CLI's (docker, kubectl) flag it does not know; a path the OS refuses (':' on Windows) or an
             # operation the file system does not support (a symlink on a Drive mount, a lock on NFS)
             r"|Your job failed to map\.|An error occurred in MPI_Init|It looks like MPI_INIT failed for some reason"
             r"|[Tt]oo many slices(?:\.| for data with shape)|^(?:\w+: )?unknown (?:shorthand )?flag: "
             r"|\[Errno 22\] Invalid argument: (?:'|\"|Path\()|\[WinError 123\]|\[Errno 95\] Operation not supported"
             # Windows' words for WinError 123 (a path with a ':' or a tab a config's backslash turned into)
             r"|[Vv]olume label syntax is incorrect"
             # a process-group backend this build of torch does not have (NCCL on Windows or macOS, MPI unless built
             # from source): the backend or the platform must change
             r"|Distributed package doesn't have (?:NCCL|MPI|UCC) built in|PyTorch built without distributed support"
             # an init_method's scheme this build has no rendezvous for (tcp:// and env:// on old Windows builds)
             r"|No rendezvous handler for \w*://"
             # mpi4py given a rank its communicator does not have (mpi4py built against another MPI than mpirun's:
             # every process sees a world of one)
             r"|MPI_ERR_RANK: invalid rank|Invalid rank has value -?\d+ but must be nonnegative and less than \d+"
             r"|Fatal error in \w+: Invalid rank\b|MPI_ERR_ARG: invalid argument of some other kind"
             # the TF2 Object Detection API refusing the pipeline config's fine_tune_checkpoint (a TF1 or foreign one)
             r"|Checkpoint is expected to be an object-based checkpoint|Checkpoint version should be V2"
             r"|train_pb2\.load_all_detection_checkpoint_vars unsupported in TF2"
             # DeepSpeed's multi-node launcher probes each host with a password-less ssh; 255 is ssh failing to log
             # in (no key, a port the host does not serve, a name the hostfile has that does not resolve), the set-up
             # its own message names ("setup passwordless ssh")
             r"|Command '\[?'?ssh (?:-o PasswordAuthentication=no )?(?:-p \d+ )?\S+ hostname(?: -I)?'(?:\]')? returned"
             r" non-zero exit status 255|was not reachable via ssh"),
    # Kubernetes' API refusing the job's manifest (a required field, a value out of its schema) or its pod's
    # security context (runAsNonRoot with an image that runs as root); also as an operator's controller reports the
    # API's refusal of what it created (JobSet's, the training operator's), its quotes escaped inside a JSON log line:
    # ``Job.batch \"x-node-0\" is invalid: ``
    # A command line's parser refusing what it was given, in the words of the parsers compiled programs use: clap
    # (Rust: Tabby, text-generation-launcher, uv; its 2.x wording too), cobra (Go: Ollama, kubectl) and Go's flag
    # package; and of Python's other parsers than argparse. argparse's, absl's and a Go CLI's ``unknown flag:`` are in
    # ``bad_arguments``. Anchored at the line's start, where each prints them; and uvicorn given an app's name its
    # module does not define (``main:app`` for a module whose app is called otherwise).
    Rule("cli_refusal", CONFIG, "bad_arguments",
         log=r"\bError loading ASGI app\. Attribute \"\w+\" not found in module \"[\w.]+\""
             # FFmpeg's own parser (``Unrecognized option 'x'.`` above it)
             r"|^Error splitting the argument list: Option not found\s*$"
             r"|^error: (?:unexpected argument '|invalid value '[^'\n]{0,200}' for '|a value is required for '"
             r"|unrecognized subcommand '|the argument '[^'\n]{0,200}' cannot be used with"
             r"|the following required arguments were not provided:|The following required arguments were not provided:"
             r"|Found argument '[^'\n]{0,200}' which wasn't expected|Invalid value for '"
             r"|The argument '[^'\n]{0,200}' requires a value but none was supplied)"
             # (click's, from 7.0 with double quotes and from 8.0 with single: ``Error: Invalid value for '--model':``,
             # ``Error: Missing option '--config'.``, ``Error: Got unexpected extra argument (x)``, ``Error: No such
             # command 'trian'.``)
             r"|^Error: (?:Invalid value for [\"']|Missing (?:option|argument|parameter) [\"']|No such command [\"']"
             r"|Got unexpected extra arguments? \("
             r"|unknown command \"[^\"\n]{0,200}\" for \"|required flag\(s\) \""
             r"|invalid argument \"[^\"\n]{0,200}\" for \"-)"
             r"|^flag provided but not defined: -"
             # Python Fire (a research script's ``fire.Fire(main)``) given an argument no parameter takes; gflags (C++
             # and old TF binaries) given a flag it does not define
             r"|^ERROR: Could not consume arg: |^ERROR: unknown command line flag '"
             # the Google Cloud CLI (a wrapper's gcloud call built for another release of it)
             r"|^ERROR: \(gcloud\.[\w.-]+\) (?:unrecognized arguments:|argument \S+: |[Ii]nvalid choice: )"
             # boost::program_options (AliceVision's and Meshroom's nodes, COLMAP, OpenMVS); Bazel's own flags
             r"|(?:^|ERROR: |what\(\):\s+)(?:the option '--?[\w.-]+' is required but missing"
             r"|unrecognised option '--?[\w.-]+'|the argument \('[^'\n]{0,200}'\) for option '--?[\w.-]+' is invalid)"
             r"|^ERROR: --[\w-]+(?:=\S*)? :: Unrecognized option: --"
             # Scrapy's ``scrapy crawl NAME`` with no spider of that name in the project (its KeyError's message)
             r"|^KeyError: [\"']Spider not found: "
             # R's match.arg() refusing a value its function does not offer (``'arg' should be one of "pearson", ...``)
             r"|^(?:Error in match\.arg\(.{1,300}\) ?: +|\s{2})'arg' should be one of "
             # STAR's parameters refused (an --sjdbOverhang other than the genome's); Gaussian's input section it could
             # not read (link 101)
             r"|^EXITING because of fatal PARAMETERS? error:|^ ?Error termination via Lnk1e in \S*l101\.exe\b"
             # pip's --user install inside a virtualenv, which has no user site
             r"|^ERROR: Can not perform a '--user' install\. User site-packages are not visible in this virtualenv\."
             # Optuna's study stored with one direction, opened (``optuna ask``, create_study with load_if_exists) with
             # another
             r"|\bCannot overwrite study direction from \["),
    # A config refused by the schema it is checked against, beside ``bad_arguments``'s pydantic 2 words (that rule is
    # at RE2's length limit): pydantic 1's, and Prefect validating a flow run's parameters against the flow's. Or one
    # that does not parse: Triton's model config (a config.pbtxt whose template values were never filled in), a C++
    # server's JSON config (nlohmann's parse error: TensorRT-LLM's engine config, empty where the repository points)
    Rule("settings_schema", CONFIG, "bad_arguments",
         log=r"^\s*(?:extra fields not permitted \(type=value_error\.extra"
             r"|field required \(type=value_error\.missing)\)"
             # pydantic 2's line for each field it refused, whatever the check (``Value error, Eagle3 is only
             # supported for Llama models. Got ... [type=value_error, input_value=ArgsKwargs(...), input_type=...]``:
             # vLLM's engine arguments); pydantic 1's, at its line's end
             r"|\[type=[a-z_]+, input_value=|\(type=(?:value|type)_error(?:\.\w+)*\)\s*$"
             r"|\bParameter validation failed for flow '"
             r"|\bfailed to read text proto from \S+\.pbtxt\b|\[json\.exception\.parse_error\.\d+\] parse error at "
             # ... a TOML config, a text-format protobuf config (TF's Object Detection pipeline.config)
             r"|\bTOMLDecodeError: |\bTomlDecodeError: |\btext_format\.ParseError: \d+:\d+ : "),
    Rule("manifest_invalid", CONFIG, "bad_arguments",
         log=r"^The \w+ \"[^\"]+\" is invalid: |container has runAsNonRoot and image will run as root"
             # kubectl's client-side schema check of a manifest; the API server's word for an object the command names
             # that is not there (a namespace, a job) or a name already taken; Helm's chart that does not render
             r"|\berror validating data: ValidationError\("
             r"|^Error from server \((?:NotFound|AlreadyExists)\): [\w.\-]+ \"[^\"\n]{1,253}\" "
             r"(?:not found|already exists)"
             r"|^Error: (?:INSTALLATION|UPGRADE) FAILED: (?:YAML parse error on |template: \S+: executing "
             r"|unable to build kubernetes objects from release manifest: )"
             r"|\b[A-Z]\w*\.(?:batch|apps|kubeflow\.org|[a-z][\w\-]*\.[\w.\-]+) \\?\"[^\"\\\n]+\\?\" is invalid: "),
    # A desktop or OS probe a program runs at start and goes on without (Unreal Engine's and so CARLA's and AirSim's
    # ``sh: 1: xdg-user-dir: not found`` before every launch; lsb_release asked for the distribution): fails no
    # attempt that did its work, and explains a failure only when nothing else does (classify's ``_WARNING``)
    Rule("probe_command_missing", CONFIG, "command_not_found", fatal=False, log=PROBE_MISSING),
    Rule("command_not_found_log", CONFIG, "command_not_found",
         # (Theano told to use a GPU with no nvcc on the PATH)
         log=r"but nvcc was not found\. Set it in your PATH|nvcc compiler not found on \$PATH|: command not found$"
             # Kaldi's recipe scripts (ESPnet's utils/) looking for a Kaldi binary: ``wav-to-duration is not on your
             # path``
             r"|: [\w.\-]+ is not on your (?:path|PATH)\b|^You need to have [\w.\-]+ (?:on|in) your (?:path|PATH)\b"
             # mpirun given a program path that is not there or not executable on the node (Open MPI's help text)
             r"|^`{0,3}mpirun was unable to launch the specified application as it could not (?:access|find)"
             # a script whose #! line names an interpreter the host does not have (``#!/usr/bin/env python3.8``)
             r"|: bad interpreter: No such file or directory"
             r"|failed to execute: \S+: No such file or directory|exit status \(127\)"
             # dash (/bin/sh on Debian and Ubuntu), busybox and zsh: ``sh: 1: curl: not found``
             r"|^\S*sh: \d+: (?:\S+: )?[^:\s][^:]*: not found$|^/\S+: \d+: (?:\S+: )?[\w.+-]+: not found$"
             # (a script dash runs under its own name: ``ch-fromhost: 204: ch-fromhost: nvidia-container-cli:
             # not found``)
             r"|^[\w.+-]+: \d+: (?:[\w./+-]+: )?[\w.+-]+: not found$"
             # WSL unable to start the program it was handed (ENOENT: no /bin/bash in the distribution it runs)
             r"|\bCreateProcessEntryCommon:\d+: execvpe? \S+ failed 2$"
             r"|^(?:\S*/)?(?:ba|z|da|a)?sh: [\w.+-]+: not found$|^zsh: command not found: \S+$"
             # (in an OCI runtime's error its quotes come escaped: ``"exec: \"nvidia-container-runtime-hook\": ...``)
             r"|exec: \\?\"[^\"\\]+\\?\": (?:executable file not found in \$PATH|stat \S+: no such file or directory)"
             # Apptainer's own words for the program a container was started with (``FATAL:   "bris": executable file
             # not found in $PATH``)
             r"|^FATAL: +\"[^\"]+\": executable file not found in \$PATH"
             # the NVIDIA container runtime finding no runc (or crun) to hand the container to
             r"|error locating runtime: no runtime binary found from candidate list"
             r"|was unable to find the specified executable file"
             # a container's entrypoint, or the interpreter its #! line names (a script saved with CRLF line ends), not
             # there: the runtime's exec in Go's words, as docker and compose print it
             r"|^exec /\S+: no such file or directory$"
             # macOS without Xcode (or its command-line tools) for a tool a converter or a build runs through xcrun
             # (coremltools' coremlcompiler, the metal shader compiler)
             r"|\bxcrun: error: (?:unable to find utility \"[^\"\n]{1,100}\", not a developer tool or in PATH"
             r"|invalid active developer path\b)"
             r"|execvp error on file \S+ \(No such file or directory\)"
             # Node.js (libuv) unable to start the program it spawns (``Error: spawn python ENOENT``); a program's own
             # words for a tool it runs (``'lms' command not found``, Ubuntu's ``Command 'python' not found``)
             r"|\bspawn(?:Sync)? \S+ ENOENT\b"
             r"|'[\w.+-]{1,64}' command not found\b|\b[Cc]ommand '[\w.+-]{1,64}' not found\b"
             r"|The value of the MCA parameter \"plm_rsh_agent\" was set to a path"
             # slurmstepd cannot exec the step's program (the batch script itself lost is boot_failure, above)
             r"|(?:slurmstepd:|\]) error: execve\(\): [^\s:]+: No such file or directory"
             r"|srun: error: task \d+ launch failed: Slurmd could not execve job"
             # cmd.exe and PowerShell finding no such program (a venv's Scripts folder not on PATH), in English and
             # the translations most common in threads; cmd's Chinese and Japanese text (cp936, Big5, cp932) as a
             # UTF-8 reader shows it, each undecodable byte a U+FFFD
             r"|is not recognized as an internal or external command|is not recognized as the name of a cmdlet, "
             # (PowerShell's error record alone, its first line cut: ``CUDA_VISIBLE_DEVICES=1 nnUNetv2_train`` is a
             # bash prefix that PowerShell takes for a program's name)
             r"|\bFullyQualifiedErrorId : CommandNotFoundException\b"
             # git without git-lfs (a model repository's weights stay pointers)
             r"|^git: 'lfs' is not a git command\b"
             # enroot (under pyxis) without a tool its hooks run: the GPU hook's nvidia-container-cli
             r"|\[ERROR\] Command not found: \S"
             # crun (podman's runtime) with no such program in the image
             r"|\bexecutable file `[^`]+` not found in \$PATH"
             # R's reticulate asked to install into a conda it cannot find
             r"|^Error: Unable to find conda binary\. Is Anaconda installed\?"
             r"|不是内部或外部命令|不是內部或外部命令|は、内部コマンドまたは外部コマンド|내부 또는 외부 명령"
             r"|wird nicht als interner oder externer Befehl|n(?:'|’)est pas reconnu en tant que commande interne"
             r"|no se reconoce como un comando interno o externo|não é reconhecido como um comando interno"
             r"|non è riconosciuto come comando interno o esterno|не является внутренней или внешней"
             "|\ufffd\ufffd\ufffd\u06b2\ufffd\ufffd\ufffd\ufffd\u2cbf\ufffd\ufffd\ufffd"
             "|\ufffdO\ufffd\ufffd\ufffd\ufffd\ufffd\u03a5~\ufffd\ufffd\ufffdR\ufffdO"
             "|\ufffd\u0341A\ufffd\ufffd\ufffd\ufffd\ufffdR\ufffd}\ufffd\ufffd\ufffdh\ufffd\u0702"
             "\ufffd\ufffd\u034aO"
             r"|"
             + _exc("NoBackendError")),
    # 127 as a program that ran a command reports it: Go's os/exec (``Error: exit status 127``), Python's subprocess
    # (``returned non-zero exit status 127.``); the program may have gone on without the command, so the line fails no
    # attempt that did its work
    Rule("child_command_not_found", CONFIG, "command_not_found", fatal=False,
         log=r"^(?:Error: )?exit status 127$|\breturned non-zero exit status 127\b"),
    # A package built from source at install that did not build (pip's wheel, distutils' command) with no line above
    # saying why (a missing file, tool or module): its sources and the compiler, headers or tools the machine has do
    # not fit.
    Rule("source_build_failed", CONFIG, "version_mismatch",
         log=r"^\s*ERROR: Failed building wheel for \S+"
             r"|^\s*error: command '[^']+' failed with exit (?:status|code) \d+"
             # uv's words: a build that failed (not a download), and a build requirement pinned to the runtime's
             # torch for a package whose metadata is not static (a uv release that checks it)
             r"|^\W*(?:×|x) Failed to build `[^`]+`|Extra build requirement `[^`]+` was declared with `match-runtime"
             r"|\bThe build backend returned an error\b|Call to `[\w.:]+\.build_(?:wheel|editable|sdist)` failed\b"
             r"|Build backend failed to build (?:wheel|editable|requirements)\b"
             # R's installer of a source package whose C, C++ or Fortran did not compile (a Stan model against a newer
             # StanHeaders, a compiler too old)
             r"|^\s*ERROR: compilation failed for package [‘'][\w.]+[’']"
             # pip's words for a package whose metadata it could not even generate (its setup.py failed first)
             r"|^\s*error: metadata-generation-failed\b|^\W*(?:×|x) python setup\.py egg_info did not run successfully"
             r"|^\W*(?:×|x) Getting requirements to build (?:wheel|editable) did not run successfully"
             # ... in older pips' words (pip 9 to 20)
             r"|^\s*Command \"python setup\.py egg_info\" failed with error code \d+ in \S"
             r"|^\s*ERROR: Command errored out with exit status \d+: python setup\.py egg_info\b"
             r"|^\s*ERROR: Files/directories not found in \S+pip-egg-info\b"
             # npm's native addons: node-gyp's build, node-pre-gyp's download of a prebuilt binary and its fallback
             r"|\bgyp ERR! build error\b|\bgyp ERR! stack Error: `[\w.]{1,40}` failed with exit code: \d+"
             r"|\bnode-pre-gyp install failed with error\b"
             # autoconf's configure script stopping a source build: a library, a compiler or a release it needs is not
             # there or does not fit (``configure: error: linking to guile failed``)
             r"|^configure: error: "),
    # A launch that cannot set itself up, every time: mpirun's daemons that do not start (a host spec ssh cannot
    # resolve, before the network tier's dns_error), a backend with no interface or host to bind, a parallel group
    # used before anything created it, a TF file system the worker lacks (a TPU reading the VM's local disk).
    # A Kubernetes operator's pod (MPI operator, Volcano: ``<job>-worker-5.<job>``) whose DNS name does not resolve
    # yet when the launcher's ssh reaches for it: the pods start in any order, and a relaunch finds it (a guard
    # ahead of launch_setup, which reads a host spec's name ssh cannot resolve as the set-up's).
    # A name the resolver says is only not there yet (EAI_AGAIN, "Temporary failure") is transient whatever host it is;
    # XGBoost's Rabit worker that cannot resolve its tracker (a master pod not up yet) likewise.
    Rule("pod_dns_not_ready", TRANSIENT, "dns_error",
         log=r"ssh: Could not resolve hostname [\w.-]*(?:worker|launcher|master|chief|ps)-\d+\.[\w.-]+: "
             r"|ssh: Could not resolve hostname \S+: Temporary failure in name resolution"
             r"|^cannot obtain address of \S+$"),
    # MPICH's TCP channel unable to resolve a node's name (the node's own, in a container whose /etc/hosts lacks it):
    # the resolver's failure, as the network tier reads "Name or service not known"; its "(errno 1)" is the
    # resolver's HOST_NOT_FOUND, not EPERM. A guard ahead of launch_setup, which reads MPI's failed start-up.
    Rule("mpi_host_unresolved", TRANSIENT, "dns_error", log=r"\bgethostbyname failed, \S+ \(errno \d+\)"),
    # Meta's llama reference loader: as many processes as the checkpoint has shards (MP); MP=0 is no shard found.
    Rule("llama_no_shards", CONFIG, "missing_file", log=r"Loading a checkpoint for MP=0 but world size is \d+"),
    # Data longer than the model takes: Whisper's labels past its decoder's 448 tokens, vLLM's prompt past the model
    # length, an OpenAI-style server's context; filter or cut the data, or raise the limit the job sets.
    Rule("sequence_too_long", CONFIG, "bad_arguments",
         log=r"\bsequence length \d+ cannot exceed the maximum allowed length\b"
             r"|\bprompt \(length \d+\) is longer than the maximum model length\b"
             r"|\bInput prompt \(\d+ tokens\) is too long and exceeds limit of \d+"
             r"|\bmaximum context length is \d+ tokens\. However, (?:you requested|your messages resulted in)"
             r" \d+ tokens"
             r"|\b[Ss]equence length (?:of )?\(?\d+\)? exceeds (?:the )?(?:maximum|max)\b"
             # a sequence length past the model's own, for a model that cannot be stretched to it (Unsloth's
             # sliding-window models: "do not support RoPE scaling! The maximum sequence length supported is 4096")
             r"|\bdo(?:es)? not support RoPE scaling!? The maximum sequence length supported is \d+"),
    Rule("llama_world_size", CONFIG, "bad_arguments",
         log=r"Loading a checkpoint for MP=[1-9]\d* but world size is (?:\d+|None)"
             # a launch of N processes against parallel sizes that do not multiply to N (vLLM's and Megatron's
             # parallel state: "world_size (8) is not equal to tensor_model_parallel_size (1) x
             # pipeline_model_parallel_size (1)", "world size (8) is not divisible by tensor parallel size (3)")
             r"|\bworld[_ ]size \(?\d+\)? (?:is not equal to|is not divisible by|must be (?:equal to|divisible by)|!=)"
             r" (?:\w+ )?\(?(?:tensor|pipeline|data|context|expert|sequence)[_ ](?:model[_ ])?parallel"
             # finetrainers' and torchtitan's form: "World size 2 must be divisible by the product of all parallel
             # degrees and data parallel shards"
             r"|\b[Ww]orld[_ ]size \(?\d+\)? (?:must be|is not|should be) divisible by the product of"),
    Rule("launch_setup", CONFIG, "bad_arguments",
         # (torch.distributed's own rendezvous refusing its init method: a file:// with no path, an env:// without RANK)
         log=r"ssh: Could not resolve hostname "
             # Intel MPI's hydra unable to start its bootstrap proxy (ssh without an sshd in a container:
             # I_MPI_HYDRA_BOOTSTRAP)
             r"|\bUnable to run bstrap_proxy on \S+"
             # Lightning's checkpoint callback watching a metric the module never logs
             r"|\bcould not find the monitored key in the returned metrics\b"
             # a pod whose manifest mounts a volume nothing created (an MPI operator's ssh keys of another release,
             # a ConfigMap or Secret not there); TF's server given a cluster spec with an empty host for its own task
             r"|cannot find volume \"[^\"]+\" to mount into container"
             r"|MountVolume\.SetUp failed for volume \"[^\"]+\" : (?:configmap|secret)s? \"[^\"]+\" not found"
             r"|Could not parse port for local server from "
             # TFLite's converter limited to builtin ops meeting one that needs TF's (Select) kernels; TensorRT's ONNX
             # parser given a folder where the .onnx file belongs
             r"|Some ops are not supported by the native TFLite runtime, you can enable TF kernels fallback"
             r"|ModelImporter\.cpp:\d+: Input is not a regular file: "
             # Spark ML told to read a column the data does not have (a name spelled otherwise)
             r"|IllegalArgumentException: Field \"[^\"]+\" does not exist"
             # ... and Spark SQL's words for it; a Spark session with no master given
             r"|AnalysisException: cannot resolve '[^']+' given input columns|\[UNRESOLVED_COLUMN\.\w+\] A column "
             r"|A master URL must be set in your configuration"
             # Open MPI refusing to start as root without --allow-run-as-root (a container's, Colab's user)
             r"|\b(?:mpirun|mpiexec|orterun|prterun|prte) has detected an attempt to run as root"
             # Open MPI's own start-up failing ("due to configuration or environment problems", its words), where no
             # line above says which
             r"|It looks like (?:orte_init|opal_init|pmix_init|prte_init|ompi_rte_init|MPI_INIT) failed for some reason"
             # MPICH's and Intel MPI's start-up finding no fabric it may use (a libfabric provider forced by
             # FI_PROVIDER or I_MPI_FABRICS that the host lacks, a UCX transport list the nodes do not have), Open
             # MPI's transports joining no pair of processes (a BTL list of self alone, an interface filter): the
             # MPI's settings or its build against the fabric's libraries, every time
             r"|Fatal error in (?:P?MPI|internal)_Init(?:_thread)?: |\bMPI_Init(?:_thread)?\([^)]*\) failed\b"
             r"|OFI addrinfo\(\) failed|no usable transports/devices|MPIDI_OFI_mpi_init_hook\(\d+\)\.*: OFI "
             r"|At least one pair of MPI processes are unable to reach each other|PML add procs failed"
             r"|MPI_INIT has failed because at least one MPI process is unreachable"
             # srun's tasks that did not start (a PMI plugin, an interconnect set-up the step asks for): a step that
             # never ran a line of the program
             r"|srun: error: (?:task \d+|Application) launch failed: (?:Unspecified error|Error configuring "
             r"interconnect|Invalid job credential|Plugin initialization failed|Invalid MPI plugin name)"
             r"|\bCouldn't load specified plugin name for mpi/\w+"
             # detectron2 asked to register a dataset name it already has (a builtin's), or its metadata again
             # with other values
             r"|AssertionError: Dataset '[^']*' is already registered!"
             r"|Attribute '\w+' in the metadata of '[^']*' cannot be set to a different value!"
             r"|Error initializing torch\.distributed using \w+:// rendezvous: "
             r"|makeUVDevice\(\): interface or hostname can't be empty|Bootstrap : no socket interface found"
             # TF's distribution strategy given a cluster spec (TF_CONFIG, a TPU name) that does not name this machine
             r"|The master \(current machine\) is not included in the provided cluster(?:_def| specification)"
             r"|(?:data|model|tensor|pipeline|expert|context|sequence)[ -]parallel group (?:is|has) not (?:been )?"
             r"initiali[sz]ed|File system scheme '\[local\]' not implemented"
             # more GPUs peered than CUDA allows (more than 8 processes on one host mapping each other)
             r"|peer mapping resources exhausted|cudaErrorTooManyPeers|CUDA_ERROR_TOO_MANY_PEERS"
             r"|MPI used doesn't have CUDA-aware MPI support"
             # a process group without a backend for the tensors' device (gloo/nccl/ccl chosen for another one)
             r"|No backend type associated with device type \w+"
             # cuBLAS asked for what this GPU cannot do (bf16 GEMMs on a GPU before Ampere)
             r"|\bCUBLAS_STATUS_NOT_SUPPORTED\b"
             # NCCL given a topology or graph file written for another machine (NCCL_TOPO_FILE, NCCL_GRAPH_FILE)
             r"|NCCL WARN XML Import Channel : dev \d+ not found"
             # Apptainer/Singularity that cannot make the container (a bind without its destination, an image)
             r"|(?:FATAL|ERROR): +(?:container creation failed|could not open image|Unable to handle \S+ uri)"
             # a Cloud TPU's compiled train step whose input pipeline runs on the TPU worker and cannot reach what it
             # reads from (the client's Python generator, the VM's local files) or a runtime of another TF release:
             # the same step fails the same way however often it is retried
             r"|\{\{function_node __inference_\w+\}\} failed to connect to all addresses"),
    # An archive's member asked for by a name joined with Windows' separator among '/' ones (TransUNet's
    # ``pjoin(ROOT, ATTENTION_Q, "kernel")`` on Windows: ``'Transformer/encoderblock_0\\MultiHead.../query\\kernel is
    # not a file in the archive'``): the file holds it under '/', the program built the wrong key (before corrupt_data)
    Rule("archive_key_separator", CODE, "key_error",
         log=r"KeyError: ['\"][^'\"]*/[^'\"]*\\\\[^'\"]* is not a file in the archive"),
    # htslib's readers (samtools, bcftools, tabix, and the tools built on it: vg, GLnexus) asked for a region of a file
    # with no index beside it: ``[E::idx_find_and_load] Could not retrieve index file for 'x.bcf'``, bcftools' own
    # ``Failed to read from x.bcf: could not load index``, samtools' ``random alignment retrieval only works for
    # indexed BAM or CRAM files``. The index was never made (or made for another file); samtools or bcftools index
    # makes it. Printed as htslib's errors, which a tool may log and go on from.
    Rule("sequence_index_missing", CONFIG, "missing_file", fatal=False,
         log=r"^\[E::(?:idx_find_and_load|hts_idx_load\d?)\] Could not (?:retrieve|load) (?:local )?index file"
             r"|" + _BCF_READ_FAILED + r"could not load index$|\bcannot setRegion on a non-tabix indexed file\b"
             r"|\brandom alignment retrieval only works for indexed (?:BAM|SAM|CRAM)"
             r"|^\[bam_index_load\] fail to load BAM index\b"
             # BWA's aligner given a reference whose index was never built (``bwa index`` not run beside it)
             r"|^\[bwa_idx_load_from_disk\] fail to locate the index files\b"),
    # htslib's readers finding the input itself unreadable: a BGZF block cut short or not BGZF at all (gzip's output
    # where bgzip's is needed), a BAM header or a SAM/VCF line that does not parse, positions out of order for an
    # index, and bcftools' and tabix's summaries of the same (``Failed to read from x.vcf.gz: not compressed with
    # bgzip``, ``tbx_index_build failed: x.gz``). The file's, not the tool's: remake, sort or bgzip it.
    Rule("sequence_file_unreadable", CONFIG, "corrupt_data", fatal=False,
         log=r"^\[E::(?:bgzf_read(?:_block)?|bgzf_uncompress|inflate_block|bam_hdr_read|sam_parse1|sam_hdr_\w{1,40}"
             r"|bcf_hdr_parse_line|vcf_parse\w{0,20}|fai_build_core|hts_idx_push)\] "
             r"|^\[W::bam_hdr_read\] EOF marker is absent\b"
             r"|" + _BCF_READ_FAILED + r"(?:not compressed with bgzip|no BGZF EOF marker; file may be truncated"
             r"|could not parse header|VCF parse error|BCF read error|unknown file type)$"
             r"|^tbx_index_build failed: |^samtools \w{1,20}: failed to create index for "
             r"|\bnot BGZF compressed, cannot index\b"),
    # R's readers and model fitting refusing the data they were given: missing or infinite values reaching lm.fit or
    # glm.fit, no complete case left, a factor with one level, columns of unequal length, a design matrix that is
    # singular, an optimiser whose objective is not finite at its start, Stan's sampler finding no finite start
    Rule("model_data_refused", CONFIG, "corrupt_data",
         log=_R_MESSAGE + r"(?:NA/NaN/Inf in '\w+'|0 \(non-NA\) cases)\s*$"
             r"|\bcontrasts can be applied only to factors with 2 or more levels\b"
             r"|\bvariable lengths differ \(found for '"
             r"|\bLapack routine \w+: system is (?:exactly|computationally) singular\b"
             r"|\bfunction cannot be evaluated at initial parameters\b|\binitial value in 'vmmin' is not finite\b"
             # (R's readers given a file of another shape or format: read.table's and scan's rows, readRDS' and load's
             # file that is not an R data file or is cut short)
             r"|" + _R_MESSAGE + r"(?:more columns than column names|line \d+ did not have \d+ elements)\s*$"
             # (not unserialize's "error reading from connection": a parallel worker that died)
             r"|^Error in (?:readRDS|load)\(.{0,300}\) ?: +(?:unknown input format|error reading from connection"
             r"|bad restore file magic number|ReadItem: unknown type)"
             # (a native routine handed missing values: ar.yw's, a Fortran or C fit's; Stan's data given an NA)
             r"|\bNA/NaN/Inf in foreign function call \(arg \d+\)|\bStan does not support NA \(in \w+\) in data\b"
             r"|\bInitialization between \(-?[\d.]+, -?[\d.]+\) failed after \d+ attempts"),
    # A data file that is not the format it claims (a truncated or mislabelled Parquet): no retry reads it better.
    Rule("corrupt_data", CONFIG, "corrupt_data",
         # (tar asked for a member the archive does not hold: a download of another archive, or a cut one)
         log=r"Parquet magic bytes not found|Either the file is corrupted or this is not a parquet file"
             # a Fortran program's read of an input that ends before its data, or holds another kind of value than the
             # read expects (gfortran's and ifort's runtimes)
             r"|^Fortran runtime error: (?:End of file|Bad (?:integer|real|value|logical|complex) for item \d+ in list "
             r"input)|^forrtl: severe \((?:24|59|64)\): (?:end-of-file during read|list-directed I/O syntax error"
             r"|input conversion error)\b"
             r"|\bInvalid parquet file\. Corrupt footer\b"
             # Julia's readdlm given a delimited file whose entries are not of the type asked for (another
             # delimiter, a header row read as numbers)
             r"|\bat row \d+, column \d+ : ErrorException\(\"file entry \\\".{0,300}\\\" cannot be converted to \w+"
             # GLPK's reader refusing a problem file (glpsol's ``MPS file processing error`` after the line it could
             # not read: a free-format MPS read as fixed, an LP file of another dialect)
             r"|^(?:MPS|CPLEX LP|GLPK LP/MIP|DIMACS) file processing error$"
             # TF's image decoders given a file of the data set that is cut short or not that format (DecodeJpeg's
             # ``Invalid JPEG data or crop window, data size 32768``, its PNG's and GIF's)
             r"|\bInvalid (?:JPEG|PNG|GIF) data\b"
             # a data file's compressed blocks that do not decompress (a Parquet page's snappy, a .zst dump)
             r"|\bCorrupt snappy compressed data\b|\bzstd decompress error: Data corruption detected\b"
             # TF's CTC loss given a transcript longer than its utterance's frames (a clip cut short, a label file of
             # another clip, a feature rate the labels were not made for: all three authors read the data)
             r"|\bNot enough time for target transition sequence\b"
             # ... or an utterance whose transcript is empty (``Labels length is zero in batch 17``)
             r"|\bLabels length is zero in batch \d+"
             # MXNet's RecordIO file whose size is no multiple of its records' alignment (a download cut short);
             # TF's vocabulary file with an empty line; PaddlePaddle's label past the model's classes
             r"|\bfile do not align by \d+ bytes\b|\bInvalid content in \S+: empty line found at position \d+"
             r"|\bExpected lbl < class_num, but received lbl:"
             # TF's parser of tf.Example records not finding a feature the input pipeline declares: the records were
             # written with other keys than the training code reads (all four authors: the data, or its builder)
             r"|\b(?:Feature: \S+ \(data type: \w+\)|Context feature '[^']{1,200}'|Feature list '[^']{1,200}')"
             r" is required but could not be found\b"
             # a video FFmpeg cannot parse (a download cut short, an empty file: no moov atom, invalid data), an LMDB
             # file that is not one, a MosaicML streaming shard that no longer matches its index.json
             r"|\bmoov atom not found\b|[:,] Invalid data found when processing input\b"
             # RDKit refusing a molecule of the data (a SMILES whose valence or aromaticity no chemistry allows)
             r"|\bExplicit valence for atom # \d+ \w+, \d+, is greater than permitted|\bCan't kekulize mol\b"
             # decord unable to reach a video's last frames (a file cut short: its index promises frames it lacks)
             r"|\bUnable to handle EOF because it takes too long to retrieve last few frames\b"
             # numpy reading an .npy whose data stops short of its header's shape (a file cut short on disk);
             # SQLite's database file damaged (several writers over NFS, a copy cut short)
             r"|^\s*No data left in file$|\bdatabase disk image is malformed\b"
             # an HDF5 file without the dataset or group the program reads (a download that came empty or broken, a
             # file of another layout): h5py's KeyError
             r"|\bKeyError: [\"']Unable to open object \(object '[^']+' doesn't exist\)"
             # ... or without an attribute the reader needs (SLEAP's project file with no 'json' attribute)
             r"|\bKeyError: [\"']Can't open attribute \(can't locate attribute: '[^']+'\)"
             # torch.distributions given values outside a count or a flag distribution's support (normalized expression
             # values fed to a negative binomial): the data are not what the model's likelihood counts
             r"|to be within the support \((?:IntegerGreaterThan|IntegerInterval|Boolean)\(.*\) of the distribution"
             # wav2letter's (flashlight's) dictionary given a token of the transcripts or lexicon it does not hold
             r"|what\(\):\s+Unknown entry in dictionary: '"
             # PySlowFast's video loader giving up on a clip it could not decode (its decoder's own exception after it,
             # a division by zero on a stream without frames, is the file's symptom)
             r"|\bFailed to fetch video after \d+ retries\b|^Failed to decode by \w+ with exception: "
             r"|MDB_INVALID: File is not an LMDB file"
             r"|\bRelative sample index \d+ is not present in the \S+ file\b"
             # nnU-Net's dataset check: a label map with values its dataset.json does not declare
             r"|\bUnexpected labels found in file \S+"
             # a NeRF loader whose COLMAP poses cover fewer images than the folder holds (COLMAP registered only some)
             r"|\bMismatch between number of images and number of poses\b|\b[Pp]lease re-?run (?:COLMAP|[Cc]olmap)\b"
             # RDKit handed back None for a molecule it could not parse (a bad SMILES or SDF record), then used: the
             # record, not the program (``Python argument types in rdkit.Chem.rdmolops.X(NoneType)``)
             r"|\bPython argument types in\s*rdkit\.[\w.]+\(NoneType\b"
             r"|'NoneType' object has no attribute 'Get(?:NumAtoms|Atoms|NumHeavyAtoms|Bonds|NumBonds|Conformer"
             r"|SubstructMatch(?:es)?|AtomWithIdx|RingInfo)'"
             # a Rust program's serde_json reading a data file that does not fit its schema (a NaN written as null)
             r"|^Error: Error\(\"(?:invalid type|invalid value|missing field|unknown field|invalid length)\b[^\"]*\", "
             r"line: \d+, column: \d+\)"

             # pip's and uv's download (or cached wheel) whose digest is not the one pinned: a cut or damaged
             # download, or a pin of another build
             r"|THESE PACKAGES DO NOT MATCH THE HASHES FROM THE REQUIREMENTS FILE|\bHash mismatch for `[^`]+`"
             # stb_image (Darknet's loader, and others that embed it) unable to decode an image file
             r"|^STB Reason: (?:unknown image type|[Cc]orrupt|bad |expected marker|no SOI|not PNG|progressive jpeg)"
             # pyarrow's JSON reader meeting rows of one column in two types (the data's, whatever reads it: datasets'
             # load_dataset of a JSONL file): "JSON parse error: Column(/a/b) changed from string to number in row 9"
             r"|JSON parse error: Column\([^)]*\) changed from \w+ to \w+ in row \d+"
             # audio whose header does not say what its samples are (openSMILE's reader; lhotse finding another
             # length in the file than the recording's manifest declares)
             r"|\bbogus wave/riff header or file in wrong format\b"
             # MXNet's RecordIO reader meeting a record that does not start with its magic number (a damaged .rec)
             r"|Check failed: p\[0\] == RecordIOWriter::kMagic"
             # XGBoost's objective given labels outside what it takes (a logistic target not in [0,1])
             r"|\blabel must be in \[0, ?1\] for logistic regression\b|\blabel must be in \[0, ?num_class\)"
             # CatBoost given a categorical column holding NaN (a float): the data's, not the settings'
             r"|Invalid type for cat_feature\[[\d,]+\]=nan\b"
             r"|number of declared samples in the recording diverged from the one obtained when loading audio"
             # a compressed file or stream cut short or not what its name says (gzip, bz2 and lzma's own words; zlib's
             # inflate; tarfile): a download or a copy that stopped, a shard written by a killed job
             r"|Compressed (?:file|data) ended before the end-of-stream marker was reached|Not a gzipped file \("
             # a UTF-8 text file cut inside a character (a download that stopped): not a binary file read as text,
             # whose first bad byte is an "invalid start byte"
             r"|'utf-8' codec can't decode bytes?(?: 0x[0-9a-f]{2})? in position \d+(?:-\d+)?: unexpected end of data"
             # webdataset: a shard holding two members of one name for a sample (a writer's mistake in the data)
             r"|: duplicate file name in tar file\b"

             # an .npz without the array it should hold (a cache file written partly, by a killed job)
             r"|\bis not a file in the archive\b"
             # (GNU gzip, tar, bzip2, xz and unzip on the same: an archive fetched in part; not gzip's "unexpected end
             # of file", which is what it says of the empty input a failed download left, whose HTTP error says more)
             r"|^gzip: .+: invalid compressed data--(?:format violated|crc error|length error)$"
             r"|^tar: Unexpected EOF in archive$|^bzip2: Compressed file ends unexpectedly"
             r"|^(?:xz|unxz): .+: Unexpected end of input$|End-of-central-directory signature not found"
             r"|^unzip: +cannot find zipfile directory in one of "
             r"|Error -3 while decompressing(?: data)?: (?:invalid|incorrect|unknown)"
             r"|ReadError: (?:unexpected end of data|truncated header|bad checksum|empty header)\b"
             r"|^tar: .+: Not found in archive$"
             # decord (mmaction2's video reader) finding no video stream in a file
             r"|cannot find video stream with wanted index"
             # HDF5's compression filter unable to decode a chunk it read (Blosc, gzip, LZF): the chunk as stored
             # is not what its filter wrote (a file cut short or damaged; a library not thread-safe, reading
             # concurrently, looks the same)
             r"|\bfilter returned failure during read\b|\bBlosc decompression error\b"
             # a TFRecord reader failing on its very first record: the file is not an (uncompressed) TFRecord
             # (as TF's multi-error report words it, ``(0) Data loss: corrupted record at 0``, or the message alone)
             r"|(?:DataLossError(?::|'>,)|Data loss:|^) ?corrupted record at 0$"
             # an image or a sound file its decoder cannot read (PIL, libsndfile): bytes that are not what they claim
             r"|cannot identify image file |image file is truncated \(\d+ bytes not processed\)"
             r"|File contains data in an unknown format"
             # GDAL on a damaged TIFF; SageMaker's built-in algorithms refusing the training file they were given
             r"|TIFFReadEncoded(?:Strip|Tile)\(\) failed|TIFFFill(?:Strip|Tile):Read error"
             r"|TIFFReadDirectory: ?Failed to read directory at offset|TIFFFetchDirectory: ?Sanity check on directory"
             r"|IReadBlock failed at X offset"
             r"|Failed to load (?:libsvm|csv|recordio-protobuf|parquet|protobuf) data with exception"
             # an animated GIF among the JPEGs a TF decoder reads; a zip archive that is not one (a download cut
             # short, an HTML page saved under its name)
             r"|animated gifs can only be decoded by|BadZipFile: File is not a zip file"
             # TF's image decoders on bytes that are no image; libsndfile on a sound file it cannot parse; nvJPEG's
             # BAD_JPEG (3) and JPEG_NOT_SUPPORTED (4) under DALI; Pillow's decompression-bomb guard on a huge image;
             # pycocotools (and the VQA API built on it) given results for images or questions its annotation file
             # does not hold
             r"|Expected image \(JPEG, PNG, (?:or )?GIF(?:, or BMP)?\), got (?:unknown format|empty file)"
             r"|Unknown image file format\. One of JPEG, PNG, GIF, BMP required"
             r"|Error opening .*: Format not recognised\.?$|NVJPEG error \"[34]\"|NVJPEG_STATUS_(?:BAD|JPEG_NOT_SUPP)"
             r"|\bDecompressionBombError: Image size \(\d+ pixels\) exceeds limit"
             r"|Results do not correspond to current (?:coco|VQA) set"
             # YOLOv5 and its forks: a label file's class id past the dataset config's nc
             r"|\bLabel class \S+ exceeds nc=\d+"
             # Pillow's decoder on an image cut short; a zip member (an .npz's array) whose bytes no longer match
             r"|broken data stream when reading image file|\bBad CRC-32 for file '"
             # tables that do not parse or do not fit their declared schema: pyarrow's JSON reader (any of its parse
             # errors), datasets casting a file to features of other columns, pandas' and csv's tokenizers, an empty
             # CSV
             r"|ArrowInvalid: (?:JSON|CSV) parse error: |\bbecause column names don't match\b"
             r"|Error tokenizing data\. C error: Expected \d+ fields in line \d+, saw \d+"
             r"|\bfield larger than field limit \(\d+\)|EmptyDataError: No columns to parse from file"
             # a JSON file broken past its first line (a service's answer that is no JSON fails at line 1); spaCy's
             # gold parse that no sequence of moves reaches (misaligned entity spans)
             r"|JSONDecodeError: [^:]+: line (?:[2-9]|\d{2,}) column \d+ \(char \d+\)"
             r"|\[E024\] Could not find an optimal move to supervise the parser"
             # a data file without the fields its reader wants (``The jsonl file should have keys text, ...``)
             r"|\b(?:file|dataset|data|records?|jsonl?|csv) (?:should|must) (?:have|contain) (?:the )?"
             r"(?:keys|columns|fields)\b"
             # a web page saved where a file should be (a hub's login or error page downloaded in place of a model's
             # code), quoted as the source line a SyntaxError points at (indented, or in rich's box)
             r"|^(?:\s{2,}|\s*│\s*)<![Dd][Oo][Cc][Tt][Yy][Pp][Ee] [Hh][Tt][Mm][Ll]>(?:\s*│)?\s*$"
             # a re-identification benchmark whose query and gallery splits share no identity (torchreid's and the
             # many re-ID repositories' evaluation, copied from it): the dataset's folders or split files are wrong
             r"|\ball query identities do not appear in gallery\b"
             # OpenSlide unable to read a whole-slide image: a format or variant it does not read (an untiled TIFF, an
             # MRXS whose companion folder is not beside it) or tiles it cannot decode; all eight corpus and held-out
             # authors accept the slide's own fault
             r"|\bOpenSlideUnsupportedFormatError: Unsupported or missing image file\b"
             r"|\bopenslide\.lowlevel\.OpenSlideError: "
             # fastText reading no words at all from its training file (an empty or unprepared file; its advice about
             # -minCount is for a vocabulary cut by frequency, not one that read nothing)
             r"|^Empty vocabulary\. Try a smaller -minCount value\.?\s*$"
             # Blender handed a path that holds no .blend it can read (a folder, another file type; a render farm's
             # worker pointing at an old storage path)
             r"|\bFailed to read blend file '[^'\n]{0,300}', not a blend file\b"
             # Fast5 files (Oxford Nanopore's raw signal, HDF5) that a converter cannot read: cut short or damaged
             r"|\bBad fast5: Could not \w+"
             # VTK's XML readers unable to parse a file (.vtu, .vti, .pvd): a file cut short, or written by another VTK
             r"|\bvtkXML\w*Reader \(" + _ADDRESS + r"\): Error parsing input file\b"
             # METIS asked for a contiguous partition of a mesh whose graph is not connected: the mesh, not the solver
             r"|\bMETIS Error: A contiguous partition is requested for a non-contiguous input graph\b"),
    # An API of another release than the code was written for, in words the version_mismatch rule above does not
    # hold (its pattern is near the linear-time engine's size limit), each as all or nearly all its corpus authors
    # read it:
    Rule("api_of_another_release", CONFIG, "version_mismatch",
         # a class asked for an attribute it does not have (``type object 'Trainer' has no attribute
         # 'add_argparse_args'``: all eight)
         log=_PFX + r"(?:\w+\.)*AttributeError: type object '[\w.]+' has no attribute '\w+'"
             # a layer of standalone Keras given a tensor of tf.keras, or the reverse (two Keras packages, or a Keras
             # of another release than the TensorFlow it runs on): its bookkeeping is not on the other's tensors
             r"|AttributeError: '(?:Tensor|KerasTensor)' object has no attribute '_keras_(?:history|shape)'"
             # Lightning's Trainer given a module of the other Lightning package (``lightning`` and
             # ``pytorch_lightning`` side by side: a LightningModule of one is not one of the other; all three)
             r"|`model` must be a `LightningModule`(?: or `[\w.]+`)?, got `\w+`"
             # Pillow 10's removals on its objects (the font's getsize and getoffset, ImageDraw's textsize): code
             # written for Pillow 9 (``module 'PIL.Image' has no attribute 'ANTIALIAS'`` is a module's, read above)
             r"|AttributeError: '(?:FreeTypeFont|TransposedFont|ImageFont|ImageDraw)' object has no attribute "
             r"'(?:getsize|getoffset|textsize|multiline_textsize)'"
             # a library's configuration class refusing a keyword (``TrainingArguments.__init__() got an unexpected
             # keyword argument 'evaluation_strategy'``, vLLM's EngineArgs, peft's LoraConfig): a key of another
             # release (nine of ten; the tenth a warning the job went on from); a namedtuple's ``__new__`` too (the
             # Gaussian-splatting rasterizer's GaussianRasterizationSettings, whose fields differ from fork to fork:
             # the rasterizer built is another fork's than the renderer's, all three authors)
             r"|" + _PFX + r"(?:\w+\.)*TypeError: \w*(?:Config|Args|Arguments|Settings|Params|Options|Cfg)"
             r"\.__(?:init|new)__\(\) got an unexpected keyword argument '\w+'"
             # DeepSpeed's communication used before its backend was set up: a script written for a DeepSpeed that
             # set it up in initialize(), run on one that asks for init_distributed() first
             r"|\bDeepSpeed backend not set, please initialize it using init_process_group\(\)"
             # MuJoCo reading a model XML with an attribute or element its release does not know (written for a newer
             # MuJoCo: ``actuatorfrclimited``)
             r"|\bXML Error: Schema violation: unrecognized (?:attribute|element)\b"
             # TorchScript compiling a library's scripted function against a torch that lacks what it calls: its
             # frontend's own words, the source it quotes follows (torch_sparse scripting ``torch.sparse_csc_tensor``
             # on torch 1.11; a scripted model saved by a newer torch naming an aten op this one does not have)
             r"|^\s*object has no attribute \w+:\s*$|^\s*Unknown builtin op: aten::\w+\.?\s*$"
             # a keyword torch added in a later release than the one installed, given by code written for that
             # release (nn.GELU's approximate: 1.12; MultiheadAttention's batch_first: 1.9; torch.load's weights_only:
             # 1.13; checkpoint's use_reentrant: 1.11; CrossEntropyLoss's label_smoothing: 1.10)
             r"|\bgot an unexpected keyword argument '(?:approximate|batch_first|weights_only|use_reentrant"
             r"|label_smoothing)'"
             # a compiled extension (pybind11) called by its Python side with arguments its build does not take: the
             # Python package and its compiled part, or the package and the library it wraps, are of two releases
             # (TF's ``TF_TryEvaluateConstant_wrapper()``, jaxlib's ``jit()``, causal_conv1d's own kernel)
             r"|\b\w+\(\): incompatible function arguments\. The following argument types are supported:"
             # a model library's release that does not know the checkpoint's architecture (transformers.js's
             # ``Error: Unsupported model type: jais``; Python transformers says it in version_mismatch's words)
             r"|\bUnsupported model type: [\w\-]+"
             # two MPI libraries in one process (mpi4py, petsc4py or a program linked to MPICH beside another MPI it
             # loads, or launched by another MPI's mpiexec): MPICH's words for a call its own library never saw
             # initialised; the build, not the program's order of calls (MPI's generic words stay the program's, below)
             r"|\bAttempting to use an MPI routine before initializing MPICH\b"
             # a program that has outlived its own expiry date (ACEMD's time-limited builds): another release is needed
             r"|^#?\s*[A-Z][\w.+-]{1,40} has expired!\s*$"),
    # Triton Inference Server refusing a model of its repository: a config.pbtxt that does not fit the model (its
    # inputs' dimensions, a platform or backend not there), logged as the server starts (it may serve the others).
    Rule("model_repository_refused", CONFIG, "bad_arguments", fatal=False,
         log=r"\bfailed to load '[^'\n]{1,200}' version \d+: (?:Invalid argument|Unsupported): "),
    # Settings the job's model, data or tools do not allow, in words the bad_arguments rule above does not hold (its
    # pattern is near the linear-time engine's size limit):
    Rule("settings_refused", CONFIG, "bad_arguments",
         # a simulator's input that its model or its GPU buffers do not allow: LAMMPS's pair style that needs another
         # newton setting or atom attribute; PhysX's GPU buffers sized below what the scene needs (Isaac Sim and Isaac
         # Lab's sim config)
         log=r"\bPair style \S+ requires\b|\bneeds to increase PxGpuDynamicsMemoryConfig::\w+"
             # brms given priors on coefficients its formula does not have (a level named otherwise, a term dropped)
             r"|\bThe following priors do not correspond to any model parameter\b"
             # TensorRT-LLM's engine built for tp * pp ranks, started on another number of MPI ranks
             r"|\bAssertion failed: mpiSize == tp \* pp\b"
             # TF's tf.train.Server started with a task index or job name its cluster spec does not hold (a
             # distributed launch's hosts and indexes do not fit each other)
             r"|\bTask \d+ was not defined in job \"\w+\"|\bJob \"\w+\" was not defined in cluster\b"
             # Lightning's check of a validation interval longer than an epoch (its ValueError's words, quoted
             # without the exception's name); transformers' ZeRO-3 against low_cpu_mem_usage or a device_map
             r"|`val_check_interval` \(\d+\) must be less than or equal to the number of the training batches"
             r"|DeepSpeed Zero-3 is not compatible with `low_cpu_mem_usage=True`"
             # a Snakemake workflow reading a key its config file does not have (a Snakefile newer than the config);
             # MLflow asked for a run its tracking store does not hold (a run id pinned in a config)
             r"|^KeyError in (?:file \S+, line \d+|line \d+ of \S+):$|^Run '[0-9a-f]{32}' not found\.?$"
             r"|\"RESOURCE_DOES_NOT_EXIST\", \"message\": \"Run '[0-9a-f]{32}' not found"
             # a k-nearest-neighbour search asked for more neighbours than the points it has (R's RANN and FNN,
             # scikit-learn's): a radius or k too big for the data's size
             r"|Cannot find more nearest neighbours than there are points|Expected n_neighbors <= n_samples"
             # kohya's sd-scripts (and the GUIs and forks on it) finding no images under train_data_dir: it says so
             # and exits 0
             r"|\bNo data found\. Please verify arguments\b"
             # lm-evaluation-harness asked for a task name it does not have (a misspelt task)
             r"|\bKeyError: [\"']Missing task [^\"'\n]{1,200}[\"']"
             # (its later releases' words, and lmms-eval's)
             r"|\bTasks not found: \S+\. Try `(?:lm|lmms)-eval --tasks "
             # datasets (and TFDS) asked for a split the dataset or its subset does not have
             r"|\bUnknown split \\?[\"'][^\"'\n]{0,200}\\?[\"']\. Should be one of \["
             r"|\bBad split: \S+\. Available splits: \["
             # a shell script's own option parser (ESPnet's and Kaldi's parse_options.sh) given one it does not take
             r"|^\S+\.sh: invalid option --\w"
             # Arrow's 32-bit offsets past their limit: one batch of a datasets map too big (batch_size=None)
             r"|ArrowInvalid: offset overflow while concatenating arrays"
             # a model kept in a quantized form that cannot be trained (gpt-oss's MXFP4 without dequantizing), and a
             # LoRA adapter that also saved whole tensors, which llama.cpp's converter cannot write as an adapter
             r"|\bbut that quantization method do(?:es)? not support training\b"
             r"|\bUnexpected name '[^']+': Not a lora_A or lora_B tensor\b"
             # Marian's validator of its options refusing them together; yaml-cpp unable to parse a YAML file given
             # (a config, a vocabulary)
             r"|\bAborted from \S+ marian::ConfigValidator::\w+\(|\byaml-cpp: error at line \d+, column \d+: "
             # FlashAttention 1's backward on a GPU with less shared memory than an A100's (a head dimension past 64)
             r"|FlashAttention backward for head dim > \d+ requires A100"
             # an options file with keys its schema does not have (metatrain's ``Unrecognized options ('model',
             # 'training' were unexpected). Do you mean 'training_set'?``)
             r"|^Unrecognized options? \('"
             # Hydra's parser refusing an override's own form (``Error parsing override 'x'`` then ``missing EQUAL at
             # '<EOF>'``: a bare word, a value with a character its grammar does not take)
             r"|^Error parsing override '"
             # a kernel's bare TORCH_CHECK that a size lies within the range it was built for (the fused fftconv's
             # ``Expected fft_size >= 16 && fft_size <= 16384 && ...``): a sequence or block longer than it takes
             r"|\bExpected [a-z]\w{0,40} >=? \d+ && [a-z]\w{0,40} <=? \d+\b.{0,200} to be true, but got false"
             # a Unix socket's path past the kernel's 108 bytes: multiprocessing's queues and managers under a temporary
             # folder (TMPDIR) set too deep
             r"|\bOSError: AF_UNIX path too long\b"
             # LightGBM's GPU learner given a feature of more bins than its 256 (max_bin past 255, a categorical of
             # many values)
             r"|\[LightGBM\] \[Fatal\] bin size \d+ cannot run on GPU"
             # TensorRT's builder finding no kernel of a layer or plugin for the data types asked (a bf16 attention
             # plugin with the build's other flags): the engine's build options do not fit
             r"|: could not find any supported formats consistent with input/output data types"
             # an evaluation or export tool asked for what it does not have: lm-evaluation-harness's task names (one
             # of a newer release, a typo), spaCy's model name for its version, optimum's ONNX export of an
             # architecture it has no config for
             r"|^Tasks were not found: \S|^\W{0,3}No compatible (?:models?|package) found for\b"
             r"|\bTrying to export a \S+ model, that is a custom or unsupported architecture\b"
             # Tesseract's lstmtraining told to continue from a model that cannot be trained further (a
             # tessdata_fast one, integers only)
             r"|\bis an integer \(fast\) model, cannot continue training\b"
             # random.sample asked for more items than the data holds (a sampler's batch of subjects, a number of
             # validation prompts): a setting the data cannot meet, as both corpus authors read it
             r"|Sample larger than population or is negative"
             # TF's CTC loss given label sequences longer than the model's time steps (``sequence_length(0) <= 30``):
             # the input's lengths against the model's, both authors' reading
             r"|\bsequence_length\(\d+\) <= \d+"
             # a script's own assertion over the options it was given together (kohya's "both option use_8bit_adam and
             # optimizer_type are specified"): the command line, not the code
             r"|" + _PFX + r"AssertionError: .*\boptions? \S.*\b(?:are|is|were|was) (?:specified|given|set|passed)\b"),
    # FFmpeg's hardware encoder or decoder refusing what it was asked (a codec, profile, pixel format or rate
    # control this GPU's engine does not have: AV1 on a GPU without an AV1 encoder, YUV444P on NVENC; a filter chain
    # that hands VAAPI surfaces it cannot take): the command's settings for this hardware. Also FFmpeg's own
    # summary of an encoder that would not open. Logged before a software fallback too: fails no attempt that did
    # its work.
    Rule("video_hw_codec_refused", CONFIG, "bad_arguments", fatal=False,
         log=r"\bError while opening encoder for output stream #\d+:\d+ - maybe incorrect parameters such as"
             r"|\bsome encoding parameters are not supported by the QSV runtime\b|\bNo usable encoding profile found\b"
             r"|^\[\w+_cuvid @ " + _ADDRESS + r"\] Codec \w+ is not supported\b"
             r"|^\[\w+_(?:nvenc|vaapi|qsv|amf|videotoolbox|v4l2m2m|mf|vulkan) @ " + _ADDRESS + r"\] "
             r"(?:\w+ not supported$"
             r"|Encode failed: -?\d+|Failed to (?:end|begin|render) picture encode\b"
             r"|Provided device doesn't support required NVENC features)"),
    # FFmpeg finding no hardware device for the decoder or encoder the command asks for (VAAPI with no VA driver for
    # the render node or no access to it, NVENC/NVDEC without the driver's libraries in the container, QSV without
    # a session): the host or the container hands over no usable GPU. FFmpeg (and a transcoder around it) may fall
    # back to software and go on, so the line fails no attempt that did its work.
    Rule("video_hw_device_missing", CONFIG, "no_gpu", fatal=False,
         log=r"\bFailed to initiali[sz]e VAAPI connection\b|\bNo VA display found for (?:device|the device)\b"
             r"|\bNo device available for (?:decoder|encoder): device type \w+ needed for codec\b"
             r"|" + _FFMPEG + r"Cannot load lib(?:cuda|nvcuvid|nvidia-encode)\.so"
             r"|" + _FFMPEG + r"No (?:NVENC )?capable devices found\b|\bFailed to load vaapi device\b"
             r"|\bError creating a MFX session: -?\d+"),
    # A package manager unable to install what the job's set-up asks for: dpkg leaving a package unconfigured
    # (a dependency this release of the OS no longer ships, a maintainer script that fails on it), apt's missing or
    # conflicting packages, dnf's and apk's in their words. The OS release and the package do not fit; a script may
    # go on past an optional install (``|| true``), so these fail no attempt that did its work.
    Rule("package_install_failed", CONFIG, "version_mismatch", fatal=False,
         log=r"^dpkg: dependency problems prevent configuration of \S+:$|\bdependency problems - leaving unconfigured$"
             r"|\bpost-installation script (?:subprocess )?returned error exit status \d+"
             r"|^E: (?:Unable to locate package \S+|Package '[^'\n]+' has no installation candidate"
             r"|Unmet dependencies\.|Sub-process /usr/bin/dpkg returned an error code \(\d+\)"
             r"|Unable to correct problems, you have held broken packages\.)"
             r"|^The following packages have unmet dependencies:$"
             r"|^(?:Error: )?Unable to find a match: \S|^ERROR: unable to select packages:$"),
    # A file an input names that a program cannot read, in words the missing_file rule above cannot hold (its pattern
    # is at the linear-time engine's size limit): Quantum ESPRESSO's ``file ../Bi.UPF not readable`` (a pseudopotential
    # the input's pseudo_dir does not hold), before its routine's error box below
    Rule("input_file_unreadable", CONFIG, "missing_file",
         log=r"^\s+file \S+ not readable\s*$"
             # .NET's file and folder not there
             r"|\bSystem\.IO\.(?:FileNotFoundException: Could not find file '|DirectoryNotFoundException: Could not "
             r"find a part of the path ')"
             # a Fortran program's open of a file that is not there (gfortran's runtime, ifort's)
             r"|^Fortran runtime error: Cannot open file '[^'\n]{0,300}': No such file or directory"
             r"|^forrtl: severe \(29\): file not found\b"
             # KataGo's config and model loader; openMVG's (``Cannot load the match file.``)
             r"|\bCould not open file .{1,300} - does not exist or invalid permissions\?"
             r"|^ERROR: \[\w+\.cpp:\d+\] (?:Cannot|Unable to) (?:load|open|read) the [\w ]{1,40}? files?\b"
             # ParaView's ``OpenDataFile`` finding no reader that can open the path (no such file, a pattern that
             # matches none); PETSc's error class for a file it could not open; deal.II's ExcIO (an output folder a
             # parameter file names that is not there)
             r"|\bRuntimeError: File not readable: \S|^(?:\[\d+\])?PETSC ERROR: Unable to open file\b"
             r"|^\s*An input/output error has occurred\. There are a number of reasons why this may be happening\b"
             # the Java launcher unable to start what it was given: a jar that is not there, a main class not on the
             # class path (Spark's and Hadoop's wrappers, a Java tool a pipeline runs)
             r"|^Error: (?:Unable to access jarfile \S|Could not find or load main class \S)"),
    # An input refused by a program's own check, in words the bad_arguments rule above cannot hold (its pattern is at
    # the linear-time engine's size limit):
    # - Quantum ESPRESSO's error box (``Error in routine phq_setup (1):`` over ``FFT grid incompatible with
    #   symmetry``): its routines stop on the input they were given;
    # - hashcat loading no hash from what it was given (a wrong hash mode, a file name read as a hash) or given an
    #   empty mask;
    # - GATK's ``A USER ERROR has occurred:`` (its own word for input it refuses);
    # - Nextflow's path input given a value that is not one;
    # - a choice outside the program's list (dorado's ``Unknown modification variant: 'x' - Choices: ...``).
    Rule("input_refused", CONFIG, "bad_arguments",
         log=r"^\s*Error in routine \w+ \(\s*-?\d+\):\s*$"
             # a Fortran program's namelist file naming a variable the program's namelist group does not hold (a
             # setting of another release of the model, a typo): gfortran's and ifort's runtimes
             r"|^Fortran runtime error: Cannot match namelist object name \S"
             r"|^forrtl: severe \(19\): invalid reference to variable in NAMELIST input\b"
             # GROMACS' grompp stopping on its input's warnings; OpenFOAM's dictionary without a keyword the solver
             # reads (a case of another release, a typo)
             r"|^Too many warnings \(\d+\)\.\s*$|\buse the -maxwarn option to override\b"
             r"|\bkeyword \S+ is undefined in dictionary \""
             # cpptraj's summary of an input script it refused (an action's arguments, a data set name used twice);
             # Colvars' (NAMD's, LAMMPS') refusal of its configuration; PETSc's classes for an input or an option it
             # cannot take here (SLATE without MPI_THREAD_MULTIPLE)
             r"|^\s*\d+ errors? encountered reading input\.$|\bFATAL ERROR: Error in the Colvars module\b"
             r"|^(?:\[\d+\])?PETSC ERROR: (?:Missing or incorrect user input"
             r"|No support for this operation (?:on this system|for this object type))\b"
             # a job started on more processes than its problem can be split over: PETSc's DMDA, Amber's sander
             r"|\bPartition in [xyz] direction is too fine!|\bMust have more \w+ than processors!"
             r"|^No hashes loaded\.$|^Invalid mask length \(\d+\)\.$"
             r"|^A USER ERROR has occurred: |^\s*Not a valid path value: \S"
             r"|\bUnknown [\w -]{1,40}: '[^'\n]{1,200}' - Choices: \S"
             # make asked for a target its Makefile does not have; a script whose #! line ends in a carriage return, as
             # env prints it (``env: 'python3\r': No such file or directory``: saved with Windows line ends)
             r"|" + _MAKE_NO_RULE + r"\.\s+Stop\."
             r"|^env: '[^'\n]{1,200}\\r': No such file or directory"
             # OpenFOAM's wmake run where its Make folder or files are not (not an application's folder)
             r"|^wmake error: (?:'Make' directory|file '[^'\n]{1,200}') does not exist in "
             # LAMMPS refusing its input script (its ``ERROR: ... (src/file.cpp:N)``, followed by ``Last command:``;
             # its Python module raises it as an Exception); a style it was built without is missing_module's, before
             # this. Not its report that embedded Python code failed (``ERROR: Running mliappy ... failure.``): the
             # Python exception above it says why.
             r"|^(?:Exception: )?ERROR(?: on proc \d+)?: (?:[^R\n]|R[^u\n])[^\n]{0,400}? "
             r"\((?:\.\./|src/)+[\w/]+\.(?:cpp|h):\d+\)\s*$"
             # MOOSE (and its apps) refusing an input file's parameters (behind a launcher's prefix the structure
             # takes its ``**`` for a paste's bold mark, so one to three stars)
             r"|^\*{1,3} ERROR: The following parameters were unused in your input file:"
             r"|: missing required parameter '[\w/]+'$"),
    # The JVM refusing the options it was started with, before any program runs: a heap size it cannot take
    # (``Invalid maximum heap size: -Xmx0M``, a wrapper's computed -Xmx), an option it does not know, a heap larger
    # than it may reserve; then ``Error: Could not create the Java Virtual Machine.``.
    Rule("jvm_options_refused", CONFIG, "bad_arguments",
         log=r"^Invalid (?:maximum|initial|minimum|thread stack) (?:heap )?size: |^Unrecognized VM option '"
             r"|^Could not reserve enough space for (?:\d+KB )?object heap\b"
             r"|^Error: Could not create the Java Virtual Machine\.\s*$"),
    # CMake's configure step stopping in a project's or a find module's script (a library it looks for not found,
    # a path it reads not there, an option it refuses): the build's set-up, after the rules that name the cause
    Rule("cmake_configure_failed", CONFIG, "bad_arguments",
         log=r"\bCMake Error at [\w./\\:-]{1,300}:\d+ \([\w]{1,60}\):"),
    # A Julia error raised inside BSON's reader: a file saved under another release of Julia or of the package that
    # defined its types (``BoundsError: attempt to access Core.TypeofBottom``, ``too many parameters for type``, a
    # MethodError converting a field whose type changed). After the missing-file rules: a file not there is read by
    # its errno first. Stack frames, not a line a job stops on.
    Rule("julia_saved_by_another_release", CONFIG, "version_mismatch", fatal=False,
         log=r"[/\\]packages[/\\]BSON[/\\]\w{1,20}[/\\]src[/\\]\w{1,40}\.jl:\d"),
    # A launcher's variable read from the environment of a process no launcher started (plain python, a
    # notebook): a KeyError of os.environ, but the launch is what is wrong, not the program's logic.
    Rule("launcher_env_missing", CONFIG, "bad_arguments",
         log=_PFX + r"KeyError: '(?:RANK|LOCAL_RANK|WORLD_SIZE|LOCAL_WORLD_SIZE|NODE_RANK|GROUP_RANK|MASTER_ADDR"
             r"|MASTER_PORT|SLURM_[A-Z_]+|OMPI_COMM_WORLD_[A-Z_]+|PMI_[A-Z_]+|PMIX_RANK|AZ_BATCHAI_[A-Z_]+)'$"
             # MXNet's ps-lite asking for the DMLC_* variables its launcher sets (dist_sync from a plain python)
             r"|Check\s+notnull: Environment::Get\(\)->find\(\"DMLC_\w+\"\)"
             # ps-lite's van used by a process its launcher did not start as a server or worker (no DMLC_ROLE)
             r"|Check failed: ready_ call Start\(\) first"),
)

BUGS: tuple[Rule, ...] = (
    # Go's runtime stopping the program for its own fault: a nil pointer or map, a failed type assertion, every
    # goroutine blocked (an index out of range is index_error's, below)
    Rule("go_runtime_fault", CODE, "programming_error",
         log=r"^panic: (?:runtime error: (?:invalid memory address or nil pointer dereference|integer divide by zero"
             r"|makeslice: len out of range)|assignment to entry in nil map|interface conversion: )"
             r"|^fatal error: all goroutines are asleep - deadlock!$"),
    # PETSc's error classes for the calling program's misuse of its objects: a vector used before it was assembled,
    # sizes that do not conform, an object in the wrong state
    Rule("petsc_misuse", CODE, "programming_error",
         log=r"^(?:\[\d+\])?PETSC ERROR: (?:Object is in wrong state|Nonconforming object sizes"
             r"|Operation done in wrong order|Corrupted Petsc object)\b"),
    Rule("cuda_device_assert", CODE, "cuda_device_assert",
         log=r"device-side assert triggered|thread: \[\d+,\d+,\d+\] Assertion|cudaErrorAssert|CUDA_ERROR_ASSERT"
             r"|\.cu:\d+: .*block: \[\d+,\d+,\d+\], thread: \["
             # a kernel's bound check quoted alone, without the file, block and thread before it (torch's gather and
             # scatter, index_select, advanced indexing, NLL's target)
             r"|^Assertion `(?:idx_dim >= 0 && idx_dim < index_size|srcIndex < srcSelectDimSize|index >= -sizes\[i\]"
             r" && index < sizes\[i\]|t >= 0 && t < n_classes|cur_target >= 0 && cur_target < n_classes)\b"),
    Rule("shape_mismatch", CODE, "shape_mismatch",
         # (Julia's, as ``ERROR: LoadError: DimensionMismatch("arrays could not be broadcast to a common size")``)
         log=_exc("DimensionMismatch")
             # TF's reshape to a shape of another size; numpy's assignment of an array of another shape
             + r"|\bInput to reshape is a tensor with \d+ values\b"
             # TensorFlow.js's tensor built from values of another count than its shape holds
             + r"|\bBased on the provided shape, \[[\d, ]{0,100}\], the tensor should have \d+ values? but has \d+"
             # (numpy's, a library's generic words: only where they end the job, not inside a line that goes on)
             r"|" + _ENDS_JOB + r"could not broadcast input array from shape\b"
             # torch's view of a non-contiguous tensor (the program's transpose or permute before .view)
             + r"|\bview size is not compatible with input tensor's size and stride\b"
             # torch's broadcasting check in its reference and fake-tensor paths (torch.compile, Dynamo's tracing)
             + r"|\bAttempting to broadcast a dimension of length \d+ at -?\d+!"
             # tf.data's from_generator given elements of other shapes or structure than its output signature says
             + r"|`generator` yielded an element (?:of shape \(|of \(\(|that did not match the expected structure)"
             # a DataLoader worker's collate stacking samples of unequal sizes into its shared-memory batch (the
             # worker's words for what the main process reports as "stack expects each tensor to be equal size")
             + r"|\bTrying to resize storage that is not resizable\b"
             # ONNX Runtime fed an input of other dimensions or rank than the exported graph's
             + r"|\bINVALID_ARGUMENT : (?:Got invalid dimensions|Invalid rank) for input: "
             + r"|mat1 and mat2 shapes cannot be multiplied"
             # torch's batched matrix products given operands whose batch or inner sizes disagree (bmm, baddbmm)
             + r"|\bExpected size for first two dimensions of batch2 tensor to be: \["
             + r"|\bExpected batch2_sizes\[0\] == bs && batch2_sizes\[1\] == contraction_size to be true"
             + r"|\bbatch1 and batch2 must have (?:the )?same number of (?:batches|dimensions)\b"
             # torch.split (an all-to-all's token counts) given sizes that do not add up to the tensor's length
             + r"|\bSplit sizes doesn't match total dim \d+ size\b"
             + r"|\bsplit_with_sizes expects split_sizes to sum exactly"
             # the JVM's trainers: Deeplearning4j's layer given an array of another rank, TensorFlow Java (KotlinDL)
             # filling a tensor from a buffer of another element count
             + r"|\bexpected matrix \(rank 2\), got rank \d+ array\b"
             + r"|\bbuffer with \d+ elements is not compatible with a Tensor with shape\b"
             # torch's sparse and BLAS ops naming the argument whose size disagrees (``addmm: Argument #3 (dense):
             # Expected dim 0 size 0, got 32``)
             + r"|\b\w+: Argument #\d+ \(\w+\): Expected dim \d+ size \d+, got \d+"
             # an environment's check of the action a policy gave it (PettingZoo's wrappers: ``action should have
             # shape (1,), has shape ()``)
             + r"|\bshould have shape \([\d, ]*\), (?:but )?(?:has|got) shape \("
             # torch's grid_sample given a sampling grid of another batch than its input (a flow or a crop of other
             # frames)
             + r"|\bgrid_sampler\(\): expected grid and input to have same batch size\b"
             # a convolution over a feature map smaller than its kernel (inputs too small for the stages of
             # down-sampling); scikit-learn given arrays of different lengths (predictions against targets)
             + r"|Kernel size can't be greater than actual input size"
             + r"|Found input variables with inconsistent numbers of samples: \["
             + r"|Expected 2D array, got 1D array instead"
             # JAX's (lax) contraction and elementwise checks on operands of other shapes
             + r"|\bdot_general requires contracting dimensions to have the same shape, got "
             # MONAI's losses given a target of another shape than the prediction
             + r"|\bground truth has different shape \(torch\.Size\("
               r"|The size of tensor a \(\d+\) must match the size of tensor b"
             r"|The expanded size of the tensor \(\d+\) must match the existing size \(\d+\)"
             # an in-place op whose result would broadcast past its output's shape (``x.add_(y)``, an optimizer's state
             # of another shape)
             r"|output with shape \[[\d, ]*\] doesn't match the broadcast shape \[[\d, ]*\]"
             # torch.cat and stack given tensors of different ranks
             r"|Tensors must have same number of dimensions: got \d+ and \d+"
             # Keras fit given inputs and labels of different lengths
             r"|Data cardinality is ambiguous:"
             # MindSpore's operators checking their inputs' shapes (``For 'MatMul', the input dimensions must be
             # equal``)
             r"|For '\w+', the input dimensions must be equal, but got"
             # autograd given a gradient of another shape than its input's (layers that do not fit each other)
             r"|returned an invalid gradient at index \d+ - got \[[^\]]*\] but expected shape compatible with"
             r"|shape '\[[^\]]*\]' is invalid for input of size|Expected input batch_size \(\d+\) to match target"
             r"|expected input\[.*\] to have \d+ channels|Sizes of tensors must match except in dimension"
             r"|size mismatch, m1: |Given groups=\d+, weight of size|Incompatible shapes: \["
             # an old torch's (0.3) words for the same matrix product, without the sizes
             r"|\bsize mismatch at \S*TensorMathBlas\.cu:\d+"
             r"|Shapes \([^)]*\) and \([^)]*\) are incompatible|Dimensions must be equal, but are \d+ and \d+"
             r"|var and grad do not have the same shape|logits and labels must have the same first dimension"
             r"|[pv]map got inconsistent sizes for array axes to be mapped"
             # ... or an argument of a lower rank than the axis mapped over (a state not replicated for pmap)
             r"|[pv]map was requested to map its argument along axis -?\d+, which implies that its rank should be"
             # a check that two arrays match (skimage's metrics and the PSNR helpers copied from them: "Input images
             # must have the same dimensions."; a loss's "'input' and 'target' must have the same shape")
             r"|\bmust have the same (?:shape|dimensions)\b"
             # a loss given targets of the wrong rank, an empty tensor reshaped, BatchNorm with other channels
             r"|dimension specified as \d+ but tensor has no dimensions|multi-target not supported"
             r"|Expected target size \(|cannot reshape tensor of 0 elements into shape"
             r"|(?:running_mean|running_var|weight|bias) should contain \d+ elements not \d+"
             # numpy: a sequence assigned into an array axis of another length
             r"|cannot copy sequence with size \d+ to array axis with dimension \d+"
             # torch.stack (a collate) given tensors of other sizes
             r"|stack expects each tensor to be equal size, but got|cannot reshape array of size \d+ into shape"
             # DataParallel gathering its replicas' outputs of other lengths onto one device
             r"|Gather got an input of invalid size: got \["
             # a convolution given an input of another rank than its weight (torch's older and newer wordings)
             r"|Expected \d+-dimensional input for \d+-dimensional weight"
             # xarray given data and a coordinate of other lengths along one dimension
             r"|\bconflicting sizes for dimension '\w+'"
             # OpenCV's colour conversion given an image of another number of channels than it converts from
             r"|\(-15:Bad number of channels\)|\bInvalid number of channels in input image\b"
             # torch's rank checks: bmm's and baddbmm's operands, mm's, an RNN's input, a loss's targets, permute's
             # order of another length than the tensor's dimensions
             r"|\bnumber of dimensions in the tensor input does not match the length of the desired ordering of dim"
             r"|\bnumber of dims don't match in permute\b"
             r"|\b(?:batch[12]|self|mat[12]?|input|tensor|other|weight) must be a \d-?D tensor\b"
             r"|\b(?:self|mat2|mat1) must be a matrix\b|\binput must have \d+ dimensions, got \d+"
             r"|\binput\.size\(-1\) must be equal to input_size\. Expected \d+, got \d+"
             r"|Expected \d+-dimensional tensor, but got \d+-dimensional tensor for argument #"
             r"|only batches of spatial targets supported \(\dD tensors\) but got targets of"
             r"|\bboth arguments to matmul need to be at least 1D\b"
             # TF's kernels refusing a tensor of another rank ("input must be 4-dimensional[16,16,64,64,32]": a 3D
             # volume through a 2D batch norm or convolution)
             r"|\b(?:input|filter|x|y|value|tensor|logits|labels) must be \d-dimensional ?\["
             r"|Expected \d+D \(unbatched\) or \d+D \(batched\) input to conv\w*, but got input of size"
             r"|operands could not be broadcast together with (?:remapped )?shapes"
             # Keras 2 checking the arrays fit() was given against the model's inputs and outputs (TensorFlow.js
             # leaves the part out: ``Error when checking : expected dense_Dense1_input to have shape [null,7]``)
             r"|Error when checking (?:(?:model )?(?:target|input) ?)?: expected \S+ to have"
             # torch's expand (expand_as) to fewer dimensions than the tensor has
             r"|\bthe number of sizes provided \(\d+\) must be greater or equal to the number of dimensions in the "
             r"tensor\b"
             # a TF 1 session fed an array of another shape than its placeholder's
             r"|\bCannot feed value of shape \([\d, ]*\) for Tensor\b"
             # tf.data batching elements of other shapes; a TF graph op given a tensor of another rank
             r"|Cannot batch tensors with different shapes in component|Shape must be rank \d+ but is rank \d+ for"
             # ND4J's checks (Deeplearning4j's layers and SameDiff's placeholders given arrays of other shapes)
             r"|\bCannot execute matrix multiplication: \[|\bColumn of left array \d+ != rows of right \d+"
             r"|\bMis matched (?:shapes|rows|columns|lengths)\b"
             r"|\bcannot associate an array with shape \[[\d, ]*\] with a placeholder of shape\b"
             r"|\bSequence lengths do not match for RnnOutputLayer input and labels\b"
             # R's data frames and matrices of other sizes
             r"|\barguments imply differing number of rows: \d+|\bnon-conformable (?:arrays|arguments)\b"
             r"|\breplacement has \d+ rows?, data has \d+"
             # (an assignment into a matrix or data frame of another size: an error there, a warning for a vector)
             r"|" + _R_MESSAGE + r"number of items to replace is not a multiple of replacement length\s*$"
             # MATLAB's arithmetic and concatenation of arrays of other sizes
             r"|^\{?.?(?:Matrix dimensions must agree\.|Arrays have incompatible sizes for this operation\."
             r"|Inner matrix dimensions must agree\.|Incorrect dimensions for matrix multiplication\b"
             r"|Dimensions of (?:arrays|matrices) being concatenated are not consistent\.)"
             # einsum's subscripts against the operands' dimensions (numpy's, opt_einsum's, torch's)
             r"|\bdimensions in operand \d+ for collapsing index '\w' don't match\b"
             r"|\beinstein sum subscripts string contains too many subscripts for operand \d+"
             r"|\boperand has more dimensions than subscripts given in einstein sum\b"
             r"|\beinsum\(\): (?:operands do not broadcast with remapped shapes|the number of subscripts in the "
             r"equation \(\d+\) does not match the number of dimensions)"),
    Rule("device_mismatch", CODE, "device_mismatch",
         log=r"Expected all tensors to be on the same device|expected scalar type \w+ but found \w+"
             # a CuPy array (on the GPU) indexing a NumPy one, or the reverse
             r"|\bobject __array__ method not producing an array\b"
             r"|Expected object of backend \w+ but got backend \w+|expected device \S+ but got device \S+"
             # (torch 1.0 to 1.2: ``expected device cpu and dtype Float but got device cuda:0 and dtype Float``,
             # ``expected backend CUDA and dtype Float but got backend CPU and dtype Float``)
             r"|\bexpected (?:device|backend) \S+ and dtype \w+ but got (?:device|backend) \S+"
             r"|expected dtype \w+ but got dtype \w+|Found dtype \w+ but expected \w+"
             r"|\bmat1 and mat2 must have the same dtype\b|\barguments are located on different GPUs\b"
             # (torch 2's wording: ``expected mat1 and mat2 to have the same dtype, but got: float != c10::BFloat16``,
             # a layer left in float32 inside a bf16 model)
             r"|\bexpected \w+ and \w+ to have the same dtype\b"
             # a CUDA-only extension op handed CPU tensors (pointnet2_ops' ``CPU not supported (furthest_point_sampling
             # at .../sampling.cpp:83)``, behind torch's INTERNAL ASSERT wording)
             r"|\bCPU not supported \(\w+ at \S+:\d+\)"
             r"|Input type \(.*\) and (?:weight|bias) type \(.*\) should be the same"
             r"|Expected object of (?:device|scalar) type"
             r"|found at least two devices|Tensors must be (?:CUDA|CPU) and dense"
             r"|Placeholder storage has not been allocated on MPS device"
             r"|invalid gradient at index \d+ - expected (?:type|device)"
             # torch.randperm/randint given a generator of another device (a default CUDA tensor type)
             r"|Expected a '[\w:]+' (?:device type for generator|generator device) but found '[\w:]+'"
             # DDP wrapping a model still on the CPU with a GPU's device_ids
             r"|device_ids and output_device arguments only work with single-device/multiple-device GPU modules"
             # torch_xla handed a tensor that is not on the XLA device (GetXlaTensor's check); jax's jit given
             # arguments committed to devices of two platforms
             r"|Check failed: xtensor\b|Received incompatible devices for jitted computation"
             # MatConvNet's layers handed data on one device and weights on the other
             r"|^\{?.?DATA and FILTERS are not both CPU or GPU arrays\."),
    # The program's own misuse in a framework's words: a Keras graph given other inputs than it was built on, a
    # custom autograd Function returning too few gradients, two weights of one name saved to HDF5, an HDF5 attribute
    # past its 64 KiB header
    # A check refusing a value that is an object's default repr (``Invalid value for property run_name:
    # <wandb.sdk.wandb_run.Run object at 0x7f..>``): the program passed an object where a name or a setting goes.
    Rule("object_as_value", CODE, "programming_error",
         log=r"\b[Ii]nvalid (?:value|\w+ name|\w+)\b[^<\n]{0,80}" + OBJECT_REPR),
    # An object used before the step that readies it, or called with inputs it does not have: scikit-learn's estimator
    # before fit (``NotFittedError: This OneHotEncoder instance is not fitted yet``), a transformer asked for its
    # output names before transform, a Keras model before build(), an ONNX session fed a name its graph lacks: the
    # program's calls. Not the bare NotFittedError (sktime's when every fit of a search failed; a model unpickled
    # under another release), nor Keras' "You must compile your model", which corpus authors read as the set-up's
    Rule("used_before_fit", CODE, "programming_error",
         log=r"\bThis \w+ instance is not fitted yet\b"
             # (ONNX Runtime fed an input name the exported graph does not have: the caller's feed, or its exporter's)
             r"|\bINVALID_ARGUMENT : Invalid Feed Input Name:"
             r"|\bCall `?(?:fit|transform|fit_transform|build|compile|train|setup)(?:\(\))?`?"
             r"(?: or `?(?:fit|transform|fit_transform|build|compile|train|setup)(?:\(\))?`?)? first\b"
             r"|\bThis model has not yet been built\b"),
    # Autograd's own words for how the program wired its graph (a loss with nothing to train, an in-place change of
    # a saved tensor, a second backward through a freed graph, backward on a non-scalar), read wherever the line
    # stands: quoted in a sentence, behind a logger's prefix (every corpus and held-out author reads them as the
    # program's)
    Rule("autograd_misuse", CODE, "programming_error",
         log=r"\belement \d+ of tensors does not require grad and does not have a grad_fn"
             r"|\bone of the variables needed for gradient computation has been modified by an inplace operation"
             r"|\bTrying to backward through the graph a second time\b"
             r"|\ba leaf Variable that requires grad (?:is being|has been) used in an in-place operation"
             r"|\bgrad can be implicitly created only for scalar outputs\b"
             r"|\bCan't call numpy\(\) on (?:Tensor|Variable) that requires grad\b"
             # (autograd.grad asked for a gradient of an input the output never used)
             r"|\bOne of the differentiated Tensors appears to not have been used in the graph\b"
             # Zygote failing to differentiate the program (``ERROR: Compiling Tuple{...}: try/catch is not
             # supported.``, a mutation, an error inside the adjoint it derived)
             r"|^ERROR: (?:LoadError: )?Compiling Tuple\{"),
    # torch's words for a tensor used as one Python value (a bool, a scalar) that holds many: the program's
    Rule("tensor_as_scalar", CODE, "programming_error",
         log=r"\bonly one element tensors can be converted to Python scalars\b"
             r"|\bBoolean value of Tensor with more than one value is ambiguous\b"),
    Rule("framework_misuse", CODE, "programming_error",
         log=r"Could not compute output (?:Keras)?Tensor\("
             # TF 1's graph built twice in one process (a model function called again, a notebook cell re-run)
             r"|\bVariable [\w/.:\-]+ already exists, disallowed\. Did you mean to set reuse=True"
             # TF 1's graph mode: a tensor evaluated, an op run or queue runners started with no session made the
             # default
             r"|: No default session is registered\b"
             # TF's Estimator given an input_fn or a model_fn that returns the wrong thing
             r"|\binput_fn should return \(features, labels\) as a len 2 tuple\b|\bmodel_fn should return an "
             r"EstimatorSpec\b"
             # a scheduler built with last_epoch set (a resume) over an optimizer whose state was not loaded first:
             # torch's KeyError, or its raise line where a paste cut the message (every corpus author: the program's)
             r"|\bparam 'initial_lr' is not specified\b"
             # R's ``if`` on a missing value (an NA a computation made); Julia's CUDA.jl refusing scalar indexing of a
             # GPU array (a generic method that iterates element by element)
             r"|\bmissing value where TRUE/FALSE needed\b|\bresulted in scalar indexing of a GPU array\b"
             # (R's ``if`` given an empty value)
             r"|\bError in if \(.{1,300}\) \{ : argument is of length zero\b"
             r"|^ERROR: scalar getindex is disallowed$"
             # petastorm's reader stopped while a loader's thread still read from it (Horovod's async loader)
             r"|Trying to read a sample after a reader created by make_reader/make_batch_reader has stopped"
             # DDP asked to wrap a module with nothing to train (its parameters frozen, or not built yet)
             r"|DistributedDataParallel is not needed when a module doesn't have any parameter that requires a gradient"
             # SMAC (StarCraft multi-agent) refusing an action the learner chose that the unit cannot take: the
             # algorithm's action selection ignored the environment's available-action mask
             r"|\bAgent \d+ cannot perform action \d+"
             # a tf.function that creates variables inside, asked to compile with XLA (jit_compile)
             r"|We failed to lift variable creations out of this tf\.function"
             # RLlib's check of what an environment returned against the space the environment declared: the env's
             # own code (a float64 array for a float32 Box, a value outside its bounds)
             r"|\bObservation \((?:\{\}|[^)\n]{0,200})\) outside given space\b"
             # DTensor's operators given plain tensors beside sharded ones, or no mesh to run a collective on (a
             # module half wrapped by FSDP2, a LoRA weight left out of the sharding)
             r"|\bgot mixed torch\.Tensor and DTensor\b|\bfound no DeviceMesh from dtensor args\b"
             # matplotlib given another number of tick labels than of ticks
             r"|\bThe number of FixedLocator locations \(\d+\), usually from a call to set_ticks, does not match"
             # a Pallas (Mosaic) kernel called on sharded arrays outside shard_map: XLA cannot split a custom kernel
             r"|Mosaic kernels cannot be automatically partitioned\b"
             # AMP's GradScaler stepping an optimizer none of whose parameters got a gradient (all frozen, or the loss
             # not built from them)
             r"|\bNo inf checks were recorded for this optimizer\b"
             # optax's (and praxis's) transformations that need the parameters (weight decay), updated by a training
             # step that calls ``update(grads, state)`` without them
             r"|\brequires the current value of parameters, but you are not passing `params` when calling `update`"
             # CUDA touched in a process started by fork (a Dataset's __getitem__ moving tensors to the GPU, a
             # datasets map with num_proc, a multiprocessing pool after the parent initialised CUDA): the program's
             # own use, fixed in its code (all five held-out authors; the corpus's one accepts it)
             r"|\bCannot re-initialize CUDA in forked subprocess\b"
             # MXNet Gluon's parameters used (a Trainer built over them, a forward) before ``initialize()`` reached
             # them: the program's order of set-up; TF's variables read before their initializer ran or from another
             # graph than the one that made them (TF 1's sessions, Keras models built in two graphs)
             r"|\bParameter '[^'\n]{1,200}' has not been initialized\b"
             r"|\bAttempting to use uninitialized value \S|\bCould not find variable \S+\. This could mean that the "
             r"variable has been deleted\b"
             # safetensors refusing what the program asked it to save: a view of another tensor, tied weights saved
             # as two (save_model, or .contiguous(), is the program's fix)
             r"|\bYou are trying to save a non contiguous tensor: |\bSome tensors share memory, this will lead to "
             r"duplicate memory on disk\b"
             # what spawn (Windows', macOS's default) must pickle to start a worker or what torch.save pickles: a
             # lambda, a function or class defined inside another, a lock (the corpus's authors: the program's
             # design, most of them accepting the exception's own kind)
             r"|\bCan't pickle local object '|\bcan't pickle _thread\.\w+ objects\b|\bcannot pickle '_thread\.\w+' "
             r"object\b"
             # signal handlers installed from a thread other than the main one (a timeout in a reward worker)
             r"|\bsignal only works in main thread(?: of the main interpreter)?\b"
             # PyTorch/XLA's processes each seeing one device where the spawn asked for eight: the XLA device touched
             # in the parent before xmp.spawn (Lightning's TPU spawn of its time; all three authors: the code's)
             r"|\bCannot replicate if number of devices \(\d+\) is different from \d+"
             # a tracker used before its run was started, or on a rank that never started one
             r"|You must call wandb\.init\(\) before wandb\.\w+\(\)|No active Run\. Call swanlab\.init\(\) first\b"
             # ... and a TF op under jit_compile (XLA) whose shape input is computed at run time
             r"|\bwith op \w+ must be a compile-time constant\b"
             # activation checkpointing whose recomputation differs from the forward pass (sharding, a hook or
             # a ZeRO-3 partition that changes what the layer sees the second time)
             r"|\bCheckpointError: torch\.utils\.checkpoint: |^\S*torch\.utils\.checkpoint: Recomputed values for the"
             # Gym's order of calls on an environment (step before reset), reported back from a vector env's worker
             r"|Cannot call env\.step\(\) before calling (?:env\.)?reset\(\)"

             # a JAX tracer leaked out of its transform by a side effect (a value kept on self, a global): the
             # program's, and not a value of the wrong type
             r"|\bUnexpectedTracerError: "
             # ... and Flax NNX's state changed inside a transform from outside its trace (a counter on a module
             # mutated under jit or grad)
             r"|\bTraceContextError: Cannot mutate \w+ from a different trace level\b"
             # backward through a cuDNN RNN left in eval mode (model.eval() before a training step)
             r"|cudnn RNN backward can only be called in training mode"
             r"|returned an incorrect number of gradients \(expected \d+, got \d+\)"
             # safetensors asked to save tied weights (an embedding shared with the LM head) as a plain state dict
             r"|Some tensors share memory, this will lead to duplicate memory on disk"
             # a batched datasets.map whose function returns another number of rows than the columns it keeps
             r"|ArrowInvalid: Column \d+ named \w+ expected length \d+ but got length \d+"
             # a constant outside fp16's range written into a half tensor under autocast (-1e10 as a mask)
             r"|value cannot be converted to type at::Half without overflow"
             # a CUDA graph capture (torch.compile's reduce-overhead, vLLM's graphs) met by a call it forbids
             r"|operation not permitted when stream is capturing"
             r"|operation would make the legacy stream depend on a capturing blocking stream"
             # activation checkpointing recomputing a forward that differs from the first (a kernel that saves another
             # set of tensors, randomness, a branch on state): torch.utils.checkpoint's own check
             r"|A different number of tensors was saved during the original forward and recomputation"
             # Horovod used before hvd.init()
             r"|Horovod has not been initialized; use hvd\.init\(\)"
             # tiktoken meeting a special token in text it was told to encode as text (allowed_special not given)
             r"|Encountered text corresponding to disallowed special token|\braise_disallowed_special_token\("
             r"|Unable to create (?:link|group|dataset|attribute) \([Nn]ame already exists\)"
             # TF handed a None where it builds a tensor (a tower's gradient that is None, a layer's output the code
             # never set)
             r"|Tried to convert '\w+' to a tensor and failed\. Error: None values not supported"
             r"|Attempt to convert a value \(None\) with an unsupported type \(<class 'NoneType'>\) to a Tensor"
             r"|[Oo]bject header message is too large"
             # Python's own unpacking and max() of nothing, without their exception's name (_BARE)
             r"|" + _BARE + r"(?:(?:not enough|too many) values to unpack \(expected \d+(?:, got \d+)?\)"
             r"|(?:max|min)\(\) arg is an empty sequence)" + _BARE_END
             # MPI called before MPI_Init or after MPI_Finalize (Open MPI's words, then MPICH's)
             + r"|function was called (?:before MPI_INIT|after MPI_FINALIZE) was invoked"
             r"|Attempting to use an MPI routine (?:before initializing|after finalizing) MPI"
             # Keras' learning-phase placeholder left unfed (a backend function called without it, Dropout under
             # TimeDistributed, a graph built for another Keras): the program's use of the framework
             r"|You must feed a value for placeholder tensor '[^']*keras_learning_phase'"
             # ZeRO-3 asked for a parameter it had not gathered: a module called outside the engine's hooks
             # (a submodule run apart, a parameter read outside GatheredParameters); or one step's prefetch still
             # in flight when the forward ended (a path through the model that differs from the step it traced,
             # or a DeepSpeed release's own bug with it)
             r"|" + _PFX + r"AssertionError: \{'id': \d+, 'status': 'NOT_AVAILABLE'"
             # ... or an embedding run on ZeRO-3's empty placeholder of its weight, outside the engine
             r"|RuntimeError: 'weight' must be 2-D$"
             r"|still have inflight params \["
             # an optimizer given no parameters (a model whose layers are not registered, every parameter frozen)
             r"|optimizer got an empty parameter list"
             # a text written through a codec that cannot hold it (Windows' cp1252 console or file, a C locale's
             # ASCII): the program's open() or print without an encoding
             r"|" + _exc("UnicodeEncodeError") + r" '(?:charmap|ascii|latin-1|gbk|cp\d+)' codec can't encode"
             # multiprocessing's spawn (Windows, macOS, CUDA) re-importing a script without a __main__ guard
             r"|An attempt has been made to start a new process before the\s*$"
             r"|current process has finished its bootstrapping phase\."
             # torch.save (pickle) of a model that holds a function: a lambda, a hook, a closure
             r"|PicklingError: Can't pickle <(?:type 'function'|function <lambda>|function \w+ at 0x)"
             # XLA's own verifier refusing what its passes made of the program: a retry compiles the same thing
             r"|during context \[hlo verifier\]"
             # torch.load of tensors saved from an XLA device (torch.save rather than xm.save, no map_location)
             r"|don't know how to restore data location of torch\.\w+ \(tagged with xla:\d+\)"
             # DataParallel's replicas hold no parameters of their own (torch 1.5 on): a model that calls
             # next(self.parameters()) in forward stops its replica
             r"|Caught StopIteration in replica \d+ on device \d+"
             # a saved Keras model or a compile() argument naming a custom class or function the loading code did
             # not pass (custom_objects, register_keras_serializable)
             r"|Unknown (?:layer|loss function|metric function|activation function|initializer|regularizer"
             r"|constraint)(?: type)?: ?'?\w|Could not locate (?:class|function) '[^']*'\. Make sure custom classes"),
    # The ranks called different collectives, or the same one on tensors of other shapes (TORCH_DISTRIBUTED_DEBUG's
    # check, ZeRO-3's parameter fetch, NCCL's own): a path through the program that differs by rank (a branch on
    # the data, an MoE's routing, a metric logged on one rank), not the network that then times out.
    Rule("ranks_disagree", CODE, "programming_error",
         log=r"Detected mismatch between collectives on ranks|disagreement between rank\d+ and rank\d+: rank\d+: "
             r"|Mismatched collective detected"
             # DDP: a parameter that took no part in the loss (a branch of forward the step did not use, an
             # output left out of the loss): the model's code; find_unused_parameters=True, the argument the
             # message names, is the way around it that costs every step a search of the graph
             r"|Expected to have finished reduction in the prior iteration before starting a new one"),
    # OpenVINO's Model Optimizer stopping at a node of the model it cannot infer (a summary op left in the graph, a
    # float64 where float32 belongs): the exported model's
    Rule("model_not_convertible", CODE, "programming_error",
         log=r"\bStopped shape/value propagation at \"[^\"]+\" node"
             # sqlite3 given another number of values than the table it writes has columns: the program's INSERT and
             # its schema out of step
             r"|\btable \w+ has \d+ columns but \d+ values were supplied\b"),
    # MPI's error classes for a call the program got wrong: a receive smaller than the message sent, a count, a
    # datatype, a tag, a root or an operation a call may not take (MPI_ERR_RANK and MPI_ERR_ARG, which an mpi4py
    # built against another MPI than mpirun's prints, are the launch's: launch_setup)
    Rule("mpi_misuse", CODE, "programming_error",
         log=r"\bMPI_ERR_(?:TRUNCATE|COUNT|TYPE|TAG|ROOT|BUFFER|OP|REQUEST|DIMS|TOPOLOGY|RMA_SYNC|LOCKTYPE|KEYVAL"
             r"|IN_STATUS)\b|Fatal error in P?MPI_\w+: (?:Message truncated|Invalid (?:count|datatype|tag|root"
             r"|buffer pointer|MPI_Op|MPI_Request))\b"),
    # (and the same slips in a kernel a Python DSL compiles: Taichi's ``TaichiSyntaxError``, ``TaichiTypeError``,
    # ``TaichiNameError``, raised on the line of the program's ti.kernel that the compiler could not take)
    Rule("syntax_error", CODE, "syntax_error", log=_exc("SyntaxError", "IndentationError", "TabError",
                                                        "TaichiSyntaxError")
         # flake8's and ruff's word for a file Python cannot parse, pylint's E0001
         + r"|^\S{1,300}\.pyi?:\d{1,7}:\d{1,5}: (?:E999 \w*Error|E0001:? )"
         # Snakemake's own report of a Snakefile Python cannot parse (``SyntaxError in file Snakefile, line 12:``)
         + r"|^SyntaxError in (?:file \S{1,300}, )?line \d+:$"
         # R's parser on a script (``Error: unexpected '}' in "}"``) or on text parse() was given (``Error in
         # parse(...) : file.R:3:1: unexpected symbol``)
         + r"|^Error: " + _R_UNEXPECTED + r" in "
         + r"|^Error in (?:str2lang|str2expression|parse)\(.{0,300}\) ?:\s*(?:\S{1,300}:\d{1,7}:\d{1,5}: )?"
         + _R_UNEXPECTED + r"|^\s{0,4}\S{1,300}:\d{1,7}:\d{1,5}: " + _R_UNEXPECTED + r"$"),
    Rule("name_error", CODE, "name_error",
         log=_exc("NameError", "UnboundLocalError", "UndefVarError", "TaichiNameError") + r"|" + _BARE
             + r"(?:name '\w+' is not defined"
             r"|local variable '\w+' referenced before assignment"
             r"|cannot access local variable '\w+' where it is not associated with a value)" + _BARE_END
             # R's word for a name the script uses that nothing defined (``Error in grepl(" ", cats) : object 'cats'
             # not found``), at the line's end so that a message quoting one goes on (also after a progress message
             # R's cat() left without a newline: ``Starting Network Simulation...Error in eval(...)``)
             + r"|\bError(?: in .{1,300} :|:) object '[^'\n]{1,200}' not found\s*$"
             # (rlang's report, dplyr's: ``Caused by error:`` over ``! object 'y' not found``)
             + r"|^! object '[^'\n]{1,200}' not found\s*$"
             # Guile's (a Scheme program, MPB's and Meep's control files): ``Unbound variable: make-uniform-array``
             r"|^(?:ERROR: )?Unbound variable: \S"
             # JavaScript's (a Node script, tfjs' examples): ``ReferenceError: tf is not defined``
             r"|^(?:Uncaught )?ReferenceError: [\w$.]+ is not defined\b"
             # a linter's finding of a name nothing defines, which fails the stage that runs it: flake8's and ruff's
             # F821 to F823 (``./examples/vae.py:108:35: F821 undefined name 'dist'``), pylint's E0602 and E0601,
             # mypy's [name-defined]
             + r"|^\S{1,300}\.pyi?:\d{1,7}:\d{1,5}: (?:F82[123]|E060[12]):? "
             + r"|^\S{1,300}\.pyi?:\d{1,7}:(?:\d{1,5}:)? error: Name \S{1,200} is not defined\b"),
    Rule("recursion_error", CODE, "recursion_error",
         # (Python's C stack overflowing under recursion too deep for its guard: the interpreter aborts)
         log=_exc("RecursionError") + r"|maximum recursion depth exceeded|\bjava\.lang\.StackOverflowError\b"
             r"|Fatal Python error: _?Py_CheckRecursiveCall: Cannot recover from stack overflow"
             r"|Fatal Python error: Cannot recover from stack overflow"
             # MATLAB's own words for a recursion past its limit, which it reports as memory
             r"|^Out of memory\. The likely cause is an infinite recursion within the program\."
             # R's (its evaluator's depth limit; its C stack's)
             r"|\bevaluation nested too deeply: infinite recursion\b|\bC stack usage +\d+ is too close to the limit\b"),
    Rule("zero_division", CODE, "zero_division",
         log=_exc("ZeroDivisionError") + r"|" + _BARE
             + r"(?:float |integer |complex )?division(?: or modulo)? by zero" + _BARE_END
             # the JVM's and .NET's integer division by zero
             + r"|\bjava\.lang\.ArithmeticException: / by zero\b|\bSystem\.DivideByZeroException\b"),
    # MATLAB's indexing past an array's end (its batch runs print the error and may still exit 0; its stderr wraps
    # an error in ``{`` and a backspace)
    # (and its other indexing slips: braces on what is not a cell array, an index of 0 or a fraction)
    Rule("matlab_index", CODE, "index_error",
         log=r"^\{?.?Index exceeds (?:array bounds|matrix dimensions|the number of array elements)\b"
             r"|^\{?.?(?:Cell contents reference from a non-cell array object\."
             r"|Brace indexing is not supported for variables of this type\."
             r"|Index in position \d+ exceeds array bounds\b"
             r"|Array indices must be positive integers or logical values\."
             r"|Subscript indices must either be real positive integers or logicals\.)"),
    # OpenMMLab's registry building a class from a config dict, refusing a key the class does not take: it names the
    # classes it was building (``TypeError: CascadeRCNN: ResNet: __init__() got an unexpected keyword argument
    # 'init_cfg'``), so the key came from the config, which does not fit the installed code (before type_error)
    Rule("registry_config_key", CONFIG, "bad_arguments",
         log=r"TypeError: (?:[A-Z]\w*: ){1,6}(?:\w+\.)?__init__\(\) got an unexpected keyword argument '"),
    Rule("type_error", CODE, "type_error",
         # (torch's argument check of an index tensor of a float type: ``Expected tensor for argument #1 'indices' to
         # have one of the following scalar types: Long, Int; but got CUDABFloat16Type instead``)
         # (Julia's MethodError: no method for these arguments, a value called that is not a function, a value of one
         # type where a field or a container holds another; its InexactError: a value another type cannot hold)
         log=_exc("TypeError", "TaichiTypeError") + r"|" + _PFX + r"InexactError: \w+\(" + r"|" + _PFX
             + r"MethodError: (?:no method matching "
                                 r"|objects of type \S{1,200} are not callable|Cannot `convert` an object of type )"
                                 # R's: arithmetic on what is not a number, indexing a function, a call without a
                                 # required argument
                                 r"|\bnon-numeric argument to (?:binary operator|mathematical function)\b"
                                 r"|\bobject of type '\w+' is not subsettable\b"
                                 # R's other words for a value of the wrong kind (a function where data goes: a
                                 # column name that is also a function's, ``max(date)``; not "attempt to apply
                                 # non-function", which a package's missing Python module also prints)
                                 r"|\binvalid 'type' \(\w+\) of argument\b|\$ operator is invalid for atomic vectors\b"
                                 # OpenCV's Python binding given arguments none of its overloads take (``cv2.error:
                                 # ... (-5:Bad argument) in function 'rectangle'`` over ``> Overload resolution
                                 # failed:``)
                                 r"|\berror: \(-5:Bad argument\) in function '\w+'\s*$"
                                 r"|^> Overload resolution failed:\s*$"
                                 # ONNX Runtime fed an input of another dtype than the exported graph's
                                 r"|\bINVALID_ARGUMENT : Unexpected input data type\. Actual: "

                                 r"|\bargument \"[\w.]+\" is missing, with no default\b"
                                 r"|Expected tensor for argument #\d+ '\w+' to have (?:one of the following )?scalar "
                                 r"types?:? \w+(?:, \w+)*;? but got \w+"
                                 # numpy handed a tensor still on a GPU (``can't convert cuda:0 device type tensor
                                 # to numpy``)
                                 r"|\bcan't convert cuda(?::\d+)? device type tensor to numpy\b"
                                 # R's generic called on an object of a class it has no method for
                                 r"|\bno applicable method for '[\w.]{1,100}' applied to an object of class\b"
                                 # ... in torch 2's words (``gather(): Expected dtype int64 for index``)
                                 r"|\b\w+\(\): Expected dtype int(?:32 or int)?64 for index\b"
                                 # a float op handed an integer or bool tensor (``"floor_cuda" not implemented
                                 # for 'Long'``)
                                 r"|\"\w+\" not implemented for '(?:Long|Int|Short|Byte|Char|Bool)'"
                                 r"|\b\w+ is not implemented for tensors with non-complex dtypes\b"
                                 # autograd given a loss or gradient of an integer type (torch 1.x's check)
                                 r"|Expected is(?:Floating|Integral|Complex)Type\(\S+\) to be true, but got false"
                                 r"|only Tensors of floating point (?:and complex )?dtype can require gradients"
                                 # scaled_dot_product_attention given an integer mask (a tokenizer's 0/1 long mask
                                 # passed as it is)
                                 r"|Expected attn_mask dtype to be bool or float or to match query dtype"
                                 r"|^TypeError\([\"']|\b(?:ConcretizationTypeError|TracerBoolConversionError"
                                 r"|TracerArrayConversionError|TracerIntegerConversionError): "
                                 r"|Error interpreting argument to .+ as an abstract array"
                                 r"|Cannot interpret value of type .+ as an abstract array"
                                 r"|is not a valid JAX (?:array )?type"
                                 # Python's own words, without the exception's name (_BARE)
                                 r"|" + _BARE + r"(?:unsupported operand type\(s\) for .+"
                                 r"|'[\w.]+' object is not (?:subscriptable|iterable|callable)"
                                 r"|\w+\(\) takes \d+ positional arguments? but \d+ (?:were|was) given"
                                 r"|unhashable type: '[\w.]+'|can only concatenate \w+ \(not \"\w+\"\) to \w+"
                                 r"|string indices must be integers.*|object of type '[\w.]+' has no len\(\)"
                                 r"|'[\w.]+' object does not support item assignment"
                                 r"|isinstance\(\) arg 2 must be a type.*|issubclass\(\) arg \d must be a class.*"
                                 r"|argument of type '[\w.]+' is not iterable|'[\w.]+' object is not an iterator"
                                 r"|[\w.]+\(\) missing \d+ required (?:positional|keyword-only) arguments?: .*"
                                 r"|\w+\(\) got multiple values for (?:keyword )?argument '\w+'"
                                 r"|'[<>]=?' not supported between instances of '[\w.]+' and '[\w.]+'"
                                 r"|cannot unpack non-iterable [\w.]+ object"
                                 r"|unsupported format string passed to [\w.]+\.__format__"
                                 r"|an integer is required \(got type [\w.]+\)"
                                 r"|(?:list|tuple) indices must be integers or slices, not [\w.]+"
                                 # TF's conversion of a value to a graph's tensor (a None where a tensor was due)
                                 r"|Can not convert a [\w.]+ into a Tensor or Operation\.)" + _BARE_END
                                 # a JVM's or .NET's cast of a value of another type (a Spark job's UDF or estimator
                                 # given DenseVectors where it casts to SparseVector)
                                 + r"|\bjava\.lang\.ClassCastException\b|\bSystem\.InvalidCastException\b"
                                 # Spark ML's estimator given a column of another type than it takes (features as
                                 # an array, not a Vector)
                                 r"|requirement failed: Column \S+ must be of type \S+ but was actually "
                                 # R's call of a function with an argument it does not take (on the next line
                                 # when the call is long)
                                 r"|^Error in .{1,300} : unused arguments? \(|^\s{0,4}unused arguments? \("
                                 # Rcpp's conversion of an R value to the C++ type a compiled function takes (a
                                 # NULL where a string is due)
                                 r"|\bExpecting a single (?:string )?value: \[(?:type=\w+; )?extent=\d+\]"
                                 r"|\bNot compatible with requested type: \[type=\w+; target=\w+\]"
                                 # a database driver given a Python value it cannot send as a parameter (psycopg's
                                 # numpy.int64 or a typing alias, sqlite3's dict)
                                 r"|\bcan(?:'t|not) adapt type '[\w.\[\], ]{1,200}'"
                                 r"|\bError binding parameter (?::?\w+|\d+)(?: - probably unsupported type"
                                 r"|: type '\w+' is not supported)"),
    # Python's own words for a call that does not fit its function, logged by a wrapper without the exception's name
    # (``Error starting the server: startup_server() missing 1 required positional argument: 'port'``, a registry's
    # ``build_text_classifier() missing 2 required positional arguments``, a plugin's init logged at ERROR): a
    # framework calling a plugin, a server or a registered function of another release (after type_error, which
    # reads the same words after ``TypeError:`` as the program's own call)
    Rule("wrapped_call_signature", CONFIG, "version_mismatch", fatal=False,
         log=r"\b\w+\(\) (?:missing \d+ required (?:positional|keyword-only) arguments?: '"
             r"|takes (?:from \d+ to )?\d+ positional arguments? but \d+ (?:were|was) given\b)"),
    # Megatron's distributed checkpointing refusing the shards a model's sharded_state_dict declares (overlapping, or
    # leaving part of a tensor to no rank): the model's sharding code, Megatron's or the program's, is wrong
    Rule("sharding_layout_invalid", CODE, "programming_error",
         log=r"\bCheckpointingException: Invalid access pattern for ShardedTensor\b"),
    # TorchScript refusing the Python it was asked to compile (torch.jit.script, or a tool that scripts the model: a
    # TensorRT or mobile export): the model's code uses what TorchScript does not take, and must be changed
    Rule("torchscript_refused", CODE, "programming_error",
         log=r"\btorch\.jit\.frontend\.(?:NotSupportedError|UnsupportedNodeError|FrontendError)\b"
             r"|\bexpected type comment but found '\w+' here\b|\bis currently not supported in Torchscript\b"
             r"|\bTried to access nonexistent attribute or method '[^']*' of type '"),
    # (Julia's words for a field a value's type does not have, before 1.12 and as FieldError after:
    # ``ERROR: type Nothing has no field deriv``)
    Rule("attribute_error", CODE, "attribute_error",
         log=_exc(r"\w*AttributeError") + r"|" + _BARE + r"'[\w.]+' object has no attribute '\w+'" + _BARE_END
             + r"|" + _PFX + r"(?:FieldError: )?type \S{1,200} has no field `?\w"),
    # A download whose answer had no Content-Length header (torch's model_zoo reading it): a server answering with
    # an error page, or none, not the program's lookup (a guard: GUARDS).
    # (pdb's "*** " before it, where the exception was printed in the debugger)
    Rule("answer_without_length", TRANSIENT, "http_unavailable",
         log=r"^(?:\*\*\* )?KeyError: u?'[Cc]ontent-[Ll]ength'$"),
    Rule("key_error", CODE, "key_error",
         log=_exc("KeyError") + r"|\bSystem\.Collections\.Generic\.KeyNotFoundException\b"
             # MATLAB's struct read for a field it does not have
             r"|^\{?.?(?:Reference to non-existent field '\w+'\.|Unrecognized field name \"\w+\"\.)\s*$"
             # R's data frame asked for a column it does not have
             r"|" + _R_MESSAGE + r"undefined columns selected\s*$"),
    Rule("index_error", CODE, "index_error",
         # (and the JVM's and .NET's: ``java.lang.ArrayIndexOutOfBoundsException``, ``System.IndexOutOfRangeException``;
         # Go's runtime: ``panic: runtime error: index out of range [2] with length 2``)
         log=_exc("IndexError", "BoundsError")
             + r"|^panic: runtime error: (?:index|slice bounds) out of range\b"
             # a Fortran program built with bounds checking (gfortran's -fcheck=bounds, ifort's -check bounds)
             + r"|^Fortran runtime error: Index '-?\d+' of dimension \d+ of array '[^'\n]{1,200}' (?:above upper|below "
               r"lower) bound of -?\d+|^forrtl: severe \(408\): fort: \(\d+\): Subscript #\d+ of the array \S+ has "
               r"value -?\d+ which is (?:greater than the upper|less than the lower) bound"
             # R's (``Error in x[[3]] : subscript out of bounds``), and its indexing of an array by more dimensions than
             # it has
             + r"|" + _R_MESSAGE + r"(?:subscript out of bounds|incorrect number of dimensions)\s*$"
             + r"|\bjava\.lang\.(?:Array|String)?IndexOutOfBoundsException\b"
               r"|\bSystem\.(?:IndexOutOfRange|ArgumentOutOfRange)Exception\b|" + _BARE
             + r"(?:list|tuple|string|range object) index out of range" + _BARE_END
             + r"|Received a label value of -?\d+ which is outside the valid range of \["
             # torch.topk asked for more elements than the tensor holds (a k the program computed)
             r"|\bselected index k out of range\b"
             r"|cur_target >= 0 && cur_target < n_classes"
             # torch's own words, also through R's torch (``Error in Tensor_slice(...) :``)
             r"|^\s*too many indices for tensor of dimension \d+|(?:^\s*|: )index out of range in self\b"
             r"|index -?\d+ is out of bounds for dimension \d+ with size \d+"
             # nll_loss / cross_entropy given a class index past the model's classes, read wherever the line stands;
             # torch's dimension and numpy's index past an axis's size
             r"|\bTarget -?\d+ is out of bounds\.?|\bDimension out of range \(expected to be in range of "
             r"|" + _ENDS_JOB + r"index -?\d+ is out of bounds for axis \d+ with size \d+"
             # TF's gather given an index past its table, its message on a line of its own
             r"|^\s*indices\[[\d,]{1,40}\] = -?\d+ is not in \[\d+, \d+\)"
             # torch's one_hot given a class index past num_classes, or a negative one
             r"|Class values must be (?:smaller than num_classes|non-negative)\."),
    # A kernel launched with a grid or block it cannot have (an empty or oversized launch): the program's own.
    Rule("kernel_launch_config", CODE, "programming_error",
         log=r"(?:CUDA|HIP) error: invalid configuration argument|cudaErrorInvalidConfiguration"),
    # Go's runtime stopping a program on its own slip (a nil map written, a conversion that cannot be, a slice of a
    # negative length); its nil dereference and division by zero come with their signal (SIGSEGV, SIGFPE) and read
    # as those
    Rule("go_runtime_panic", CODE, "programming_error",
         log=r"^panic: runtime error: (?:assignment to entry in nil map|makeslice: len out of range)"
             r"|^panic: interface conversion: "),
    Rule("not_implemented", CODE, "not_implemented",
         log=_exc("NotImplementedError") + r"|ONNX export failed: Couldn't export Python operator"
             # torch.compile's tracer meeting what it cannot compile (a graph break under fullgraph=True, a builtin,
             # a context manager it does not know); ExecuTorch's export of an op with no out variant in its kernels
             r"|\btorch\._dynamo\.exc\.Unsupported: |\bMissing out variants: \{'"
             # a SYCL kernel that needs double precision on an Intel GPU without it (Arc):
             # ``invalid_kernel("uses-fp64-math")``
             r"|invalid_kernel\(\"uses-fp64-math\"\)"
             # DirectML's torch backend unable to build the operator for an op or a dtype it lacks (float64)
             r"|\bCHECK failed: \(+HRESULT\)\(+backend_->dml_device->CreateOperator\("
             # jax-metal (Apple's experimental plugin) unable to lower what the program asks of it; MLX without a
             # gradient (a vjp) for a primitive the program differentiates through (argsort, a custom Metal kernel)
             r"|Unable to serialize MPS module|\[Primitive::(?:vjp|jvp)\] Not implemented for \w+"
             # autograd through an op that has no backward in this torch (``derivative for to_sparse is not
             # implemented``)
             r"|\bderivative for [\w.:]+ is not implemented\b"
             # TF unable to place an op on the device the program pins it to (no kernel there: tensorflow-metal's
             # RandomUniform, an op with no GPU kernel)
             r"|\bCannot assign a device for operation \S+: Could not satisfy explicit device specification\b"
             # an MPI without a function the program calls (Cray MPT's MPI_Comm_spawn)
             r"|\bFunction MPID?_\w+ not implemented\b"
             # a process-group backend without a reduce op the program asks for (SMDDP's and Gloo's ReduceOp.AVG)
             r"|\bdoes not support: ReduceOp\b|\bCannot use ReduceOp\.\w+ with \w+"
             r"|\bReduceOp\.(?:AVG|PREMUL_SUM|BAND|BOR|BXOR) (?:is )?(?:not supported|unsupported)\b"
             # an accelerator's torch backend without the op or the tensor layout asked of it (Ascend's torch_npu:
             # DeepSpeed's ``This op had not been implemented on NPU backend``, ``Current operator _foreach_norm do
             # not support internal format``)
             r"|\bhad not been implemented on \w+ backend\b"
             r"|\bCurrent operator \w+ do(?:es)? not support internal format"
             # torch.onnx with no symbolic for an op the model uses at the opset asked for
             r"|Exporting the operator '?[\w:.]+'? to ONNX opset version \d+ is not supported"
             # Ray Tune reusing an actor whose Trainable has no reset_config()
             r"|requires reset_config\(\) to be implemented"
             # a compiler backend (an XLA or MLIR plugin: jax-metal, a TPU's, tt-mlir's ``failed to legalize operation
             # `stablehlo.pad```) with no lowering for an op the program uses; torch-mlir's backend contract
             r"|error: failed to legalize operation [`']|The following operations cannot be legalized: "
             r"|\bunsupported by backend contract: "
             r"|' op is not legalizable$"
             # TF's XLA (a TPU, jit_compile) with no kernel for an op the model uses (``Detected unsupported operations
             # when trying to compile graph ... on XLA_TPU_JIT: ResizeNearestNeighbor``), or for a shape it has
             # (``Compilation failure: CustomCall is not supported to have a dynamic dimension``)
             r"|\bDetected unsupported operations when trying to compile graph\b"
             r"|No registered '\w+' OpKernel for '?XLA_\w+'? devices compatible with node"
             r"|\bCompilation failure: .{0,400}\b(?:is|are) not supported\b"
             # torch's sparse layout without a method the code (an optimizer's step over sparse parameters) calls on it
             r"|\bsparse tensors do not have \w+"),
    # a debugger's breakpoint left in the program: no one answers it in a batch job
    Rule("breakpoint_left", CODE, "programming_error", log=r"\bbdb\.BdbQuit\b|^BdbQuit$"),
    # A runtime's own words for a call the program got wrong: a text file read with the platform's default encoding
    # (Windows' GBK or cp1252, a C locale's ASCII) that is UTF-8 (open() without encoding=); a null dereferenced in a
    # JVM's or .NET's code (a Spark job's, a TorchSharp or ML.NET trainer's), an undefined reference in Julia's;
    # Swift's trap on a precondition or an assertion of the code (Swift for TensorFlow's layers: it ends the process
    # by SIGILL, so ahead of the crashes).
    Rule("runtime_misuse", CODE, "programming_error",
         log=r"UnicodeDecodeError: '(?:gbk|gb2312|cp\d+|charmap|ascii)' codec can't decode byte"
             r"|\bjava\.lang\.NullPointerException\b|\bSystem\.NullReferenceException\b"
             r"|\bUndefRefError: access to undefined reference"
             r"|^(?:Precondition|Assertion) failed(?:: .*)?: file \S+\.swift, line \d+"
             # torch.arange given a bound the program computed below its start (a negative length)
             r"|\bupper bound and larger bound inconsistent with step sign\b"
             # a file object used after the program (or a library it handed the file to) closed it, wherever a
             # task runner quotes the ValueError's words
             r"|\bI/O operation on closed file\b"),
    # A test stage's pytest summary (``-q``/``-rf``: ``FAILED tests/x.py::test_y - AssertionError: ...``): the tests
    # found the code does not do what they check, in an exception of the program's kinds. Last in the tier: a set-up
    # fault the same log names (a gated model, a module not installed) is why, and the exceptions' own rules, which
    # read them where a traceback ends, say which slip.
    Rule("tests_failed", CODE, "programming_error",
         log=r"^FAILED \S{1,500} - (?:\w+\.)*(?:AssertionError|TypeError|AttributeError|KeyError|IndexError|NameError"
             r"|UnboundLocalError|ZeroDivisionError|RecursionError)\b"),
)

CRASHED: tuple[Rule, ...] = (
    # NCCL's InfiniBand transport failed (a completion error): the illegal accesses and unhandled
    # CUDA errors that follow on the same ranks are its fallout, so it goes before them.
    Rule("nccl_ib_completion", TRANSIENT, "nccl_error",
         log=r"NET/IB ?: Got completion (?:from peer \S+ )?with (?:error \d+|status=\d+)"),
    # UCX (under MPI, NCCL's UCX plugin) gave up on a peer the fabric no longer reached: the adapter's retries ran
    # out (a link, a switch, the peer's node), and UCX's fatal-error handler aborts the rank after it
    # Ray's GCS client giving up on the head (its fatal check aborts the worker): the network to the head, or the head
    Rule("gcs_unreachable", TRANSIENT, "connection_error", log=r"\bCouldn't reconnect to GCS server\b"),
    Rule("ucx_peer_unreachable", TRANSIENT, "connection_error",
         log=r"\b(?:Transport|RNR) retry count exceeded on \S+|UCX +ERROR +.*\b(?:[Ee]ndpoint timeout|unhandled "
             r"timeout error)"),
    Rule("illegal_memory_access", UNKNOWN, "illegal_memory_access",
         # (an extension's own check naming CUDA's error 700, cudaErrorIllegalAddress: ``CUDA kernel failed : 700``)
         log=r"CUDA kernel failed : 700\b|an illegal memory access was encountered|misaligned address"
             # (the driver API's names, as numba's CudaAPIError prints them, or their numbers where its enum lacks
             # the name: ``[716] Call to cuMemcpyDtoH results in UNKNOWN_CUDA_ERROR``)
             r"|\bCUDA_ERROR_(?:ILLEGAL_ADDRESS|MISALIGNED_ADDRESS)\b|\[(?:700|716)\] Call to cu\w+ results in \w+"
             # PhysX's GPU pipeline (Isaac Sim, Isaac Lab) naming CUDA's error 700 after a step it ran
             r"|\bPhysX error: .*\bfailed(?:!| with error) 700\b"
             # the kernel's own log of a GPU's access it refused: amdgpu's page fault of a process (its VM_L2
             # protection fault), the IOMMU's on a GPU's DMA (``AMD-Vi: Event logged [IO_PAGE_FAULT``, peer-to-peer
             # blocked by the platform)
             r"|amdgpu: \[\w+\] (?:no-)?retry page fault \(|\bAMD-Vi: Event logged \[IO_PAGE_FAULT\b"
             # GPU PhysX (Isaac Gym's, Isaac Sim's) whose own kernel failed (its code, 700, on the next line)
             r"|: internal error : GPU \w+(?: or \w+)? kernel fail!|: internal error : GPU \w+ fail to launch kernel\b"
             r"|unspecified launch failure|CUDA_ERROR_LAUNCH_FAILED|cudaErrorLaunchFailure"
             r"|an illegal instruction was encountered|cudaErrorIllegalAddress|CUDA_ERROR_ILLEGAL_ADDRESS"
             r"|HSA_STATUS_ERROR_MEMORY_APERTURE_VIOLATION|hipErrorIllegalAddress"
             # ROCm's runtime reporting the fault itself before it aborts the process
             r"|Memory access fault by GPU node-\d+ (?:\(Agent handle: |on address )"),
    Rule("segfault_log", UNKNOWN, "segfault",
         # Windows' access violation (0xC0000005) as an exit status
         # (and Python's faulthandler's word for it)
         # (and its heap corruption, 0xC0000374)
         log=r"Segmentation fault|\b3221225477\b|\b0x[Cc]0000005\b|exit (?:code|status):? -1073741819\b"
             # a wrapper's report of its native child's signal (cmdstanpy's Stan binary: "terminated by signal 11")
             r"|\bterminated by signal (?:11|SIGSEGV)\b"
             # a Go program's runtime reporting the signal it died of (a nil dereference in a tool: a runtime, a CLI)
             r"|^\[signal SIGSEGV: segmentation violation\b"
             # Windows' access violation through ctypes (a native library's crash as Python's OSError)
             r"|OSError: exception: access violation (?:reading|writing) 0x"
             r"|\b3221226356\b|\b0x[Cc]0000374\b|exit (?:code|status):? -1073740940\b"
             r"|Windows fatal exception: access violation"
             # PyTorch's DataLoader worker's own handler, before the main process reports the signal
             r"|ERROR: Unexpected segmentation fault encountered in worker\.|"
             + _launcher(11, "SIGSEGV")),
    Rule("segfault", UNKNOWN, "segfault", signal="SIGSEGV"),
    # A C/C++ assert() that failed, in glibc's words (``prog: file.cc:159: func: Assertion `expr' failed.``): the
    # process aborted on an invariant of its native code, whatever exit code a wrapper reported. CUDA's device-side
    # asserts close the expression with a backtick and are read in the bug tier.
    Rule("native_assert", UNKNOWN, "signal_sigabrt", log=r": Assertion `.*' failed\.$"),
    # Windows' own statuses for the same deaths: a fail-fast abort (0xC0000409: a stack buffer overrun, an invalid
    # parameter to the C runtime, abort()), an integer division by zero (0xC0000094, SIGFPE's)
    Rule("windows_fail_fast", UNKNOWN, "signal_sigabrt",
         log=r"\b3221226505\b|\b0x[Cc]0000409\b|exit (?:code|status):? -1073740791\b"),
    Rule("windows_divide_by_zero", UNKNOWN, "signal_sigfpe",
         log=r"\b3221225620\b|\b0x[Cc]0000094\b|exit (?:code|status):? -1073741676\b"),
    Rule("launcher_sigfpe", UNKNOWN, "signal_sigfpe", log=_launcher(8, "SIGFPE", "Floating point exception")),
    Rule("launcher_sigkill", UNKNOWN, "signal_sigkill",
         log=_launcher(9, "SIGKILL", "Killed") + r"|DataLoader (?:worker|process) \(pid \d+\) (?:exited )?is killed by "
             r"signal: Killed|^Exit code: 137$|exited with (?:exit )?code 137\b|exit code \(137\)"
             # 128 + 9 in a launcher's or a subprocess' words (horovodrun, subprocess.run of docker run)
             r"|\bexit with status code 137\b|non-zero exit status 137\b|\bexit status:? 137\b"
             r"|exited with non-zero status 247$"
             # Docker's builder: a RUN step killed (BuildKit's ``executor failed running [...]: exit code: 137``, ``did
             # not complete successfully: exit code: 137``; its step log ``#16 33.57 Killed``)
             r"|(?:executor failed running \[.*\]|did not complete successfully): exit code: 137$"
             r"|^#\d+ [\d.]+ Killed$"),
    Rule("sigkill", UNKNOWN, "signal_sigkill", signal="SIGKILL"),
    Rule("sigbus", UNKNOWN, "signal_sigbus", signal="SIGBUS"),
    Rule("launcher_sigill", UNKNOWN, "signal_sigill",
         log=_launcher(4, "SIGILL", "Illegal instruction") + r"|signaled to shutdown with signal 4\b"
             # Windows' illegal instruction (0xC000001D)
             r"|\b3221225501\b|\b0x[Cc]000001[Dd]\b|exit (?:code|status):? -1073741795\b"),
    Rule("launcher_sigbus", UNKNOWN, "signal_sigbus", log=_launcher(7, "SIGBUS", "Bus error")),
    # A model server's word that the runner process it started died (ollama's, relayed to its client in a 500): a crash
    # of the runner, not a service that may answer later; its signal, where it names one, is read above (the abort's in
    # the last tier)
    Rule("model_runner_died", UNKNOWN, "exit_1",
         log=r"\bllama runner process has terminated: (?:exit status|signal: aborted\b)"
             r"|\bmodel runner has unexpectedly stopped\b|\bllama runner process no longer running: -?\d+"),
    # The launcher itself was stopped (torchrun's "Received 15 death signal"). Not a launcher's
    # report that a rank got SIGTERM ("Signal 15 (SIGTERM) received by PID", srun "Terminated"):
    # launchers TERM the other ranks once one has failed, so that is their clean-up, a symptom. (SIGINT, a person's
    # Ctrl-C, is read in the stopped tier first: launcher_interrupted.)
    Rule("launcher_sigterm", TRANSIENT, "terminated",
         log=r"Received (?:Signals\.)?SIG(?:TERM|HUP) death signal"
             r"|Received \d+ death signal|(?:SignalException: |^\s+)Process \d+ got signal: (?:1|15) *$"
             # a workflow engine's task TERMed by its own supervisor (Airflow's LocalTaskJob, a zombie sweep)
             r"|Task received SIGTERM signal|Received SIGTERM\. Terminating subprocesses"
             # absl's failure signal handler (Ray's, JAX's, TF's processes) reporting the TERM it got before it aborts
             r"|\*\*\* SIGTERM received at time=\d+"
             # the launcher passing on the hang-up it received (its ranks get SIGHUP only so)
             r"|Sending process \d+ closing signal SIGHUP"),
    # A DataLoader worker TERMed while its parent lived on: not a launcher's clean-up (that TERMs the rank, which
    # then prints nothing), but something outside sending TERM to one process (an OOM daemon such as earlyoom
    # picking the largest, a person). Last, so a launcher's or a rank's own word on the failure comes first.
    Rule("worker_terminated", TRANSIENT, "terminated",
         log=r"DataLoader (?:worker|process) \(pid \d+\) (?:exited )?is killed by signal: Terminated"),
)

HUNG: tuple[Rule, ...] = (
    Rule("hung", TRANSIENT, "hang", state="hung"),
)

NETWORK: tuple[Rule, ...] = (
    Rule("io_error", TRANSIENT, "io_error",
         # (SQLite's own word for a read or write the file system failed under it: a package's bundled database on
         # Lustre or NFS)
         log=r"sqlite3\.OperationalError: disk I/O error"
             r"|Input/output error|\[Errno 5\]|Stale file handle|\[Errno 116\]|nfs: server \S+ not responding"
             r"|\[Errno 37\] No locks available|Remote I/O error|\[Errno 121\]|Transport endpoint is not connected"
             r"|\[Errno 107\]"
             # HTCondor's file transfer (OSDF, Pelican) that ended short of the object's size
             r"|download completed but received size \d+b? does not match"),
    Rule("port_in_use", TRANSIENT, "port_in_use",
         log=r"Address already in use|UnityWorkerInUseException|worker number \d+ is still in use|\bEADDRINUSE\b"
             r"|\[Errno 98\]|errno: 98\b|system error: 10048\b|\[(?:WinError|Errno) 10048\]"
             # Windows refusing a bind on a port another process holds exclusively or Hyper-V reserved (WSAEACCES,
             # 10013: Go's ``listen tcp ...: bind: An attempt was made ...``, uvicorn's ``error while attempting to
             # bind on address``); not a connect's 10013, which is a firewall's
             r"|\bbind(?: on address \S+ \S+)?: [Aa]n attempt was made to access a socket in a way forbidden by its"
             r" access permissions"
             # ps-lite (MXNet's and others' parameter server) found no port it could bind
             r"|Check failed: \(my_node_\.port\) != \(-1\) bind failed"
             # docker (envd, a container a job starts) publishing a host port another container holds
             r"|Bind for \S+ failed: port is already allocated"
             # Gradio's server finding every port of its range taken (a demo left running on 7860)
             r"|\bCannot find empty port in range: \d+-\d+"
             # LightGBM's network set-up (lightgbm.dask) on a port a worker of the last fit still holds
             r"|LightGBMError: Binding port \d+ failed"
             # a launcher's own check of the ports it is to listen on (DGL-KE's KVServer: ``Error: port 30050 is not
             # available.``, a server of the last run still holding it)
             r"|\b[Pp]ort \d+ is not available\b"),
    Rule("dns_error", TRANSIENT, "dns_error",
         log=r"Temporary failure in name resolution|Name or service not known|getaddrinfo failed|\[Errno -[235]\]"
             r"|Resolver internal error"
             # the JVM's (Spark's, Kafka's, a Java client's)
             r"|\bjava\.net\.UnknownHostException\b"
             # Go's resolver (a container runtime pulling an image, a Go tool) whose DNS server answered garbage
             r"|\blookup \S+ on \S+: server misbehaving"
             r"|nodename nor servname provided|NameResolutionError|Could not resolve host|Failed to resolve '"
             r"|No address associated with hostname"
             r"|: no such host$|Unable to find address for: |\bEAI_AGAIN\b|getaddrinfo ENOTFOUND"
             r"|Name does not resolve"
             # Chromium's net stack (a Playwright, Puppeteer or Selenium page load)
             r"|\bnet::ERR_NAME_(?:NOT_RESOLVED|RESOLUTION_FAILED)\b"
             # wget's (its quotes are the locale's: ‘host’ in UTF-8, 'host' in C)
             r"|\bunable to resolve host address [‘'`]"
             # srun unable to resolve a node of its allocation
             r"|\bUnable to resolve \"[^\"]+\": Unknown host\b"
             # apt's (``Temporary failure resolving 'archive.ubuntu.com'``; older apt's ``Could not resolve 'x'``)
             r"|\bTemporary failure resolving '|^\s*Could not resolve '[^'\s]+'\s*$"
             # aria2's (errorCode=19); curl's and wget's own are above
             r"|\bName resolution for \S+ failed\b"
             # .NET's WebException (NameResolutionFailure), in English and as localised .NET prints it
             r"|The remote name could not be resolved|No se puede resolver el nombre remoto|未能解析此远程名称"
             r"|Der Remotename konnte nicht aufgel\S+st werden|Le nom distant n'a pas pu \S+tre r\S+solu"),
    Rule("rate_limited", TRANSIENT, "rate_limited",
         log=r"Too Many Requests|\b429 Client Error|\(SlowDown\)|\bSlowDown:|rateLimitExceeded|Rate exceeded"
             r"|Too many users have viewed or downloaded this file recently|toomanyrequests: "
             r"|\(Throttling(?:Exception)?\)|exceeds the rate limit|[Rr]ate limit (?:exceeded|reached)"
             r"|reduce your request rate|Slow Down$|TooManyRequests|\b429 (?:GET|POST|PUT|PATCH|DELETE|HEAD) "
             r"|over the account limit|\bServerBusy\b|[Ff]ailed to request \S+ - 429$|\b503 Slow Down\b"
             r"|\(429 too_many_requests\)"
             # Git LFS: the repository's monthly bandwidth is used up (its owner buys more, or the month turns)
             r"|is over its data quota"
             r"|The requested URL returned error: 429\b"),
    Rule("http_unavailable", TRANSIENT, "http_unavailable",
         log=r"[Ff]ailed to (?:fetch|download|get|retrieve) [^:]+: Expecting value: line 1 column 1 \(char 0\)"
             # spaCy's download of its compatibility table (GitHub answering 403/429/5xx)
             r"|Couldn't fetch compatibility table"
             # requests' own decoding of a response that was not JSON (an error page, a proxy's)
             r"|requests\.exceptions\.JSONDecodeError: Expecting value: line 1 column 1"
             r"|\b50[0234] Server Error|\b500 Internal Server Error|502 Bad Gateway"
             r"|503 Service (?:Temporarily )?Unavailable|Unable to provision requested ML compute capacity"
             r"|InsufficientInstanceCapacity|ZONE_RESOURCE_POOL_EXHAUSTED|RuntimeError: b'Backend Error'"
             # SageMaker's words for the same (a Studio space or a job on an instance type the zone has none of now)
             r"|\bEC2InsufficientCapacityError\b|is temporarily unavailable in supported availability zones\b"
             # GCP's zone out of stock in its TPU and Compute words
             r"|There is no more capacity in the zone\b"
             r"|does not have enough resources available to fulfill the request\b"
             r"|Failed to acquire resources in all zones|Failed to provision all possible launchable resources"
             r"|504 Gateway Time-?out|HTTP Error 50[0234]|too many 50\d error responses"
             r"|\b50[0234] (?:GET|POST|PUT|PATCH|DELETE|HEAD) |Unavailable: Unexpected response code \d+"
             r"|failed \(code 50[0234]\)|\b50[0234] response executing|failed with (?:error )?code 50[0234] != 200"
             r"|The requested URL returned error: 50[0234]\b"
             # gradio_client refused by a Space it calls (an evaluator on huggingface.co asleep, building or over
             # its load: the config or the API's description not served)
             r"|\bCould not fetch (?:config|api info) for https?://\S"
             r"|" + _exc("ServiceUnavailable", "InternalServerError", "BadGateway", "GatewayTimeout")),
    Rule("nccl_timeout", TRANSIENT, "nccl_timeout",
         log=r"Watchdog caught collective|Timeout at NCCL work|watchdog got stuck for|Heartbeat monitor timed out"
             # the watchdog's fatal line as it ends the process ("..., due to collective timeout or exception." /
             # "..., due to ProcessGroupNCCL watchdog hang."), also when a paste cut it after its first words
             r"|ProcessGroupNCCL\.cpp:\d+\] .*\bTerminating the process after\b"
             # torch 2.5's watchdog in its newer words; gloo's pair that waited past its timeout
             r"|failure detected by watchdog at work sequence id|due to a collective timeout from this local rank"
             r"|gloo::TimeoutException|\bTIMEOUT self_rank = \d+ pair_rank = \d+"
             # the watchdog's own frame in the C++ backtrace of its timeout, when the excerpt starts below its words
             r"|ProcessGroupNCCL::WorkNCCL::checkTimeout\("
             r"|NCCL operations have failed or timed out"
             # Ascend HCCL's: a peer that did not send in time
             r"|Getting socket times out|Remote Rank did not send the data in time|\bEI0002: .*times? out"
             r"|wait socket establish timeout|Some HCCL operations have failed or timed out"
             # ... and a device stream or task that never finished its work (EE1002; runtime results 507046, 507048
             # and 107020; torch_npu's error codes)
             r"|reason=\[(?:stream sync|task|fftsplus) timeout\]|runtime result = (?:50704[68]|107020)\b"
             r"|error code is 50704[68]\b|hccl fftsplus task timeout|The execution of the internal task times out"),
    Rule("nccl_error", TRANSIENT, "nccl_error",
         log=r"ncclSystemError|ncclRemoteError|ncclInternalError|ncclUnhandledCudaError|NCCL WARN"
             r"|NCCL communicator was aborted|NCCL error in:|NCCL error: |NCCL INFO [\w/.]+:\d+ -> [1-7]\b"
             r"|HCCL error in: |\bunhandled system error\b"
             # AWS Neuron's collectives (CCOM) unable to bootstrap their connections between ranks
             r"|CCOM WARN Timeout waiting for (?:RX|incoming connection)\b"
             # Ascend HCCL's link to a peer rank that could not be built
             r"|\bEI0009: .*Transport init error|\bTransport init error\. Reason: \[Create\]"
             r"|status == ncclSuccess\. [1-7] vs 0"
             r"|remote process exited or there was a network error"
             # nccl-tests' own report of an NCCL call that failed
             r"|NCCL failure \S+ '(?:unhandled (?:CUDA|cuda|system) error|internal error|remote process exited)"
             # PaddlePaddle's words for NCCL's errors
             r"|Nccl error, unhandled (?:cuda|system) error|unhandled cuda error at \S*nccl"
             # Horovod's HorovodInternalError quoting the NCCL call that failed
             r"|\bnccl(?:AllReduce|AllGather|Broadcast|ReduceScatter|Reduce|CommInitRank|GroupEnd) failed: "
             r"(?:unhandled (?:cuda|system) error|internal error|remote process exited)"
             # TF's NcclAllReduce op reporting NCCL's own string for ncclUnhandledCudaError
             r"|Internal: +unhandled cuda error$"
             # XLA's collectives (JAX on GPUs) quoting the NCCL call that failed
             r"|NCCL operation \w+\([^)]*\) failed: (?:unhandled (?:cuda|system) error|remote process exited"
             r"|internal error)"),
    Rule("timeout_connect", TRANSIENT, "timeout",
         log=r"Read timed out|ConnectTimeoutError|ReadTimeoutError|RendezvousTimeoutError|socket has timed out"
             # ML-Agents' trainer that gave up waiting for its Unity environment
             r"|\bUnityTimeOutException\b|environment took too long to respond\b"
             # (Chromium's net stack: a page load that got no answer in time)
             r"|\bnet::ERR_(?:CONNECTION_)?TIMED_OUT\b"
             r"|Connection timed out|net/http: TLS handshake timeout|: i/o timeout\b|Client\.Timeout exceeded while"
             # torch's store read that timed out (a rank waiting for rank 0's NCCL unique id)
             r"|store->get\('[^']*'\) got error: Socket Timeout|" + _PFX + r"(?:\w+\.)*\w*Error: Socket Timeout\b"
             r"|" + _exc(r"\w*TimeoutError", r"\w*Timeout", "timeout")),
    # the X display a rank drew on went away (an ssh-forwarded DISPLAY)
    Rule("display_lost", TRANSIENT, "connection_error", log=r"XIO: +fatal IO error \d+ \([^)]*\) on X server"),
    # mpirun lost a node's daemon (the node or its pod went away): the node's, after any cause the log names.
    Rule("mpi_daemon_lost", TRANSIENT, "node_failure",
         log=r"(?:ORTE|PRTE|PRRTE) has lost communication with (?:a |its )(?:remote )?daemon"
             # a daemon that died on its node before it could report back (a host down or unreachable)
             r"|An (?:ORTE|PRTE|PRRTE) daemon has unexpectedly failed after launch"
             # Sparkling Water's external H2O cluster that went away under a fit
             r"|\bH2OContext has to be running\b"),
    # W&B's client error with the service's own refusal of the request (a run config over 15 MB, a name taken; older
    # clients say ``returned error 400``, newer ones ``HTTP 400: ...`` or ``HTTP 400 (Bad Request)``):
    # resending the same request gets the same answer (its 401 and 403 are read above; 408 and 429 are transient).
    # Its API's ``Error while calling W&B API: ... (<Response [400]>)`` is left: the corpus holds server bugs and
    # artifacts not yet committed in those words.
    Rule("service_refused_request", CONFIG, "bad_arguments",
         log=r"\bCommError\b.*\b(?:returned error|HTTP) 4(?:0[02]|0[4-7]|09|1\d|2[0-8]|[3-9]\d)\b"
             # ... or a run id or name of a run deleted in the web UI, which the service will not create again
             r"|\bwas previously created and deleted; try a new run name\b"),
    Rule("connection_error", TRANSIENT, "connection_error",
         log=r"[Cc]onnection reset by peer|Connection refused|connect: connection refused|Broken pipe"
             # message brokers' clients that reached no broker (kafka-python's, pika's for RabbitMQ)
             r"|\bNoBrokersAvailable\b|\bpika\.exceptions\.AMQPConnectionError\b"
             # git's HTTPS transfer cut off (GnuTLS's and curl's words under it), rsync's peer gone, apt's mirror not
             # reached
             r"|\bGnuTLS recv error \(-\d+\)|\bRPC failed; curl (?:18|56|92)\b"
             r"|^rsync: connection unexpectedly closed\b|^rsync error: timeout in data send/receive\b"
             r"|^E: Failed to fetch \S+ +(?:Connection failed|Could not connect to|Connection timed out"
             r"|Unable to connect to)"
             # aiohttp's words (an async client: a judge or reward model served over HTTP, fsspec's HTTP file system):
             # a host it could not reach, a response cut off before its end
             r"|\bClientConnectorError: Cannot connect to host \S+ ssl:"
             r"|\bClientPayloadError(?:: |\([\"'])Response payload is not completed\b"
             # Open MPI's daemons or ranks unable to open a TCP connection between two hosts (a firewall, an interface)
             r"|^A process or daemon was unable to complete a TCP connection$"
             # HTCondor's clients (condor_q, condor_submit) that could not talk to a busy or unreachable schedd
             r"|^-- Failed to fetch ads from: <|\bSECMAN:2007:Failed to end classad message\b"
             r"|\b(?:TransferEncodingError|ContentLengthError): 400, message:?\s*(?:Not enough data\b|$)"
             # a Slurm command unable to reach the controller or the accounting database (a controller restarting,
             # slurmdbd down): scancel, squeue, sacct as a workflow tool runs them
             r"|\bUnable to contact slurm controller\b"
             # the docker (or podman) client unable to reach its daemon: a daemon stopped or restarting, Docker
             # Desktop not started (not refused on the socket's permission, which is the OS's word)
             r"|\bCannot connect to the Docker daemon at \S+ Is the docker daemon running\?"
             r"|\berror during connect: this error may indicate that the docker daemon is not running\b"
             # (Docker Desktop on Windows not started: the engine's named pipe is not there)
             r"|\bopen //\./pipe/docker\w*: The system cannot find the file specified\b"
             r"|\bCannot connect to Podman\. Please verify your connection to the Linux system\b"
             # ... Torque's the same: its client that cannot reach the server or the node's auth daemon (trqauthd
             # restarting, a node in a bad state; one corpus author's was a compute node without it, which accepts this)
             r"|\b(?:qsub|qstat|qdel|qalter|qsig): cannot connect to server \S+ \(errno=(?:15137|111|110)\)"
             r"|could not connect to trqauthd"
             r"|\bError in connection to trqauthd\b"
             # ... Grid Engine's client that cannot reach qmaster (qstat, qacct; qsub's own "Unable to run job:" line is
             # read as its refusal first, which its corpus authors accept either way), LSF's commands while its master
             # or LIM is down or busy, PBS's server that cannot reach a node's MOM
             r"|\bunable to (?:contact|send message to) qmaster using port \d+"
             r"|\bLSF is down\. Please wait\b|\bBatch system not responding; please wait\b|\bFailed to contact LIM\b"
             r"|\bLIM is down; try later\b|\bServer could not connect to MOM\b"
             # ... Ray's the same: a worker that cannot reach the head's GCS at the address it was given (a head still
             # starting or gone; a wrong address fails again, and the retries' budget ends it). With no address at all
             # (``at address :6379``) it is the set-up's, in bad_arguments.
             r"|\bFailed to connect to GCS at address [\w.\-]+:\d+ within \d+ seconds\b"
             # a client's retry loop counting its failed requests to a service (HELM's fetch of a tokenizer)
             r"|\bThe request failed\. Attempt #\d+, retrying in \d+"
             # a database's connection dropped under a long job (Optuna's or MLflow's storage: PostgreSQL, MySQL), often
             # an idle one the server or a proxy closed
             r"|\bserver closed the connection unexpectedly\b|Lost connection to MySQL server during query"
             r"|MySQL server has gone away|\bSSL SYSCALL error: EOF detected\b"
             # kubectl cp's stream over the API server cut before the copy ended
             r"|^Dropping out copy after \d+ retries|^error: unexpected EOF$"
             # Slurm's own RPC between its daemons and a client dropped mid-message (a node's slurmd restarting, a
             # controller under load)
             r"|\bslurm_receive_msgs?\b.*: Zero Bytes were transmitted or received\b"
             r"|\b(?:s\w+|slurm_\w+): error: (?:Problem talking to (?:the )?database|No clusters can be reached now)"
             # the OpenAI client's APIConnectionError (an inference server a rollout or a judge calls), as a logger
             # quotes its message: "Error getting model response: Connection error."
             r"|(?:APIConnectionError|[Ee]rror|[Ff]ailed)\b[^:]{0,80}: Connection error\.$"
             # torch elastic's rendezvous store; Git LFS given fewer bytes than the object it fetched
             r"|RendezvousConnectionError|\b[Ee]xpected OID [0-9a-f]{64}, got [0-9a-f]{64}"
             # git's clone or fetch cut off in the middle (a proxy, a flaky link): ``RPC failed; curl 56``
             r"|^fatal: the remote end hung up unexpectedly|^fatal: early EOF$|^error: RPC failed; curl (?:18|56|92)\b"
             # rabit's tracker client (XGBoost's, dask-xgboost's) giving up on its tracker
             r"|\bSocket Connect Error:"
             # PCCL's peers that cannot reach the master
             r"|\bMASTER_CONNECTION_FAILED\b"
             r"|Network is unreachable|No route to host"
             r"|Connection closed by (?:peer|remote peer)|Connection aborted|RemoteDisconnected"
             r"|Failed to establish a new connection|We couldn't connect to|cannot find the requested files in"
             r"|Max retries exceeded with url|Failed to connect to \S+ port \d+|Couldn't connect to server"
             r"|gnutls_handshake\(\) failed|connection broken by|SSLZeroReturnError|SSLEOFError"
             r"|\bCommError\b|\bHTTP 000 CONNECTION FAILED\b"
             # (wandb's retry loop after a refused or dropped connection; its timeouts are the timeout tier's)
             r"|Network error \((?:TransientException|ConnectionError|TransientError|ProxyError|ChunkedEncodingError)\)"
             r"|EOF occurred in violation of protocol"
             # TF's session to a remote worker (a Colab TPU's) whose gRPC socket closed under it
             r"|\bError(?: recorded from \w+)?: Socket closed\s*$"
             r"|UNEXPECTED_EOF_WHILE_READING|Connection broken: |\bIncompleteRead\("
             r"|the download may be incomplete|FileNotFoundError: (?:hf://|https://huggingface\.co/\S*/resolve/)"
             r"|Consistency check failed: file should be of size \d+ but has size"
             r"|failed with max retries|failed to connect to all addresses"
             r"|Could not connect to the endpoint URL|StreamClosedError|Py4JNetworkError|Answer from Java side is empty"
             r"|Get \"https?://[^\"]*\": (?:unexpected )?EOF"
             r"|: Unable to connect to endpoint|Curl returned error code \d+|\bUnavailableError: Socket closed"
             # kubectl that cannot reach the cluster's API server (an MPI operator's launcher execing into its pods);
             # its own words for a refused one
             r"|^Unable to connect to the server: "
             r"|^The connection to the server \S+ was refused - did you specify the right host or port\?"
             # Ollama's CLI without its server; the MySQL client's server not reached (2002 on the socket, 2003 on
             # a host); httpx's (anyio's) connect that found nobody listening
             r"|\bcould not connect to ollama (?:app|server), is it running\?"
             r"|^ERROR 200[23] \(HY000\): Can't connect to (?:local )?MySQL server\b"
             r"|\bhttpx\.ConnectError\b|\bAll connection attempts failed$"
             # Chromium's net stack (a Playwright, Puppeteer or Selenium page load) refused, reset or cut off
             r"|\bnet::ERR_(?:CONNECTION_(?:REFUSED|RESET|CLOSED|ABORTED|FAILED)|INTERNET_DISCONNECTED"
             r"|NETWORK_CHANGED|EMPTY_RESPONSE|ADDRESS_UNREACHABLE|SOCKET_NOT_CONNECTED)\b"
             # TF's collective all-reduce that lost its peer worker (its gRPC link dropped)
             r"|Aborting RingReduce with Unavailable: |StartAbort Unavailable: OS Error"
             # TF1's distributed session whose master (or a ps task it needs) is not up yet, or not reachable
             r"|Master init: Unavailable: "
             r"|RPC failed with status = \"(?:Unavailable|UNAVAILABLE): "
             # a client's server that hung up (aiohttp, httpx): ``Server disconnected``
             r"|Server disconnected without sending a response"
             # torch_xla's mesh service: a TPU process that could not reach the others at its rendezvous
             r"|Failed to meet rendezvous '\w+': Socket closed"
             # a client that says its request failed and names the network (PaddleHub's ``Request Hub-Server
             # unsuccessfully, please check your network.``)
             r"|\bunsuccessfully, please check (?:your|the) network|Request Hub-Server unsuccessfully"
             # IPython names the exception in its header (an excerpt may end before the last line); hyper's
             # "error reading a body from connection" (Rust clients)
             r"|^(?:ConnectionResetError|ConnectionAbortedError|ConnectionRefusedError|RemoteDisconnected)\s{5,}"
             r"Traceback \(most recent call last\)|error reading a body from connection"
             # Rust's reqwest (hf_transfer, the hub's xet client): a body cut short, a request that never got through
             r"|reqwest::Error \{ kind: (?:Body|Request|Decode)\b|\bIncompleteBody\b|error sending request for url \("
             # the hub's Xet storage client (hf_xet) giving up on its CAS service
             r"|CAS service error : (?:ReqwestMiddleware Error: Request failed after \d+ retries|Error : single flight"
             r" error: Real call failed)"
             r"|" + _exc("FileIntegrityError") + r"|"
             + _exc("ConnectionResetError", "ConnectionRefusedError", "ConnectionAbortedError", "BrokenPipeError",
                    "ConnectionError", "DistNetworkError", "LocalEntryNotFoundError", r"ServerDisconnected\w*",
                    # any client's own name for a lost connection (``NeptuneConnectionLostException``)
                    r"\w*ConnectionLost\w*", r"\w+Connection(?:Reset|Refused|Aborted)(?:Error|Exception)")),
    # the OpenAI client's own retries of a request (a server that timed out, refused or answered 5xx or 429), the last
    # words of an evaluation against a served model that stopped answering; TRL's vLLM client waiting on a
    # ``trl vllm-serve`` that does not answer (GRPO's generation server)
    Rule("client_retrying", TRANSIENT, "connection_error",
         log=r"\bRetrying request to /\S* in [\d.]+ seconds\b|\bServer is not up yet\. Retrying in [\d.]+ seconds\b"),
    # Prefect's Kubernetes job whose pod stayed Pending past the agent's watch (a node still coming up)
    Rule("pod_never_started", TRANSIENT, "timeout", log=r"\bJob '[^'\n]{1,200}': Pod never started\b"),
    Rule("timeout", TRANSIENT, "timeout",
         log=r"\b[Tt]imed out\b|[Ww]ait timeout after \d+ ?ms|Timeout waiting for key: |database is locked$"
             # torch.distributed.rpc's call past its timeout (GraphLearn-for-PyTorch's sampling RPCs)
             r"|\bRPC ran for more than set timeout \(\d+ ms\)"
             # CARLA's client waiting for its simulator server
             r"|\btime-out of \d+ ?ms while waiting for the simulator\b"
             # gloo's pair that could not reach its peer in time while the process group formed
             r"|\.(?:h|cc):\d+\] Connect timeout\b"
             # wandb.init gave up waiting for its own service process
             r"|wandb: ERROR Error communicating with wandb process"
             r"|DEADLINE_EXCEEDED: (?:Deadline Exceeded|Failed to connect)|CoordinationService/RegisterTask"
             # (grpcio's own repr of a call past its deadline: ``status = StatusCode.DEADLINE_EXCEEDED``)
             r"|^\s*status = StatusCode\.DEADLINE_EXCEEDED\s*$"
             r"|^(?:RuntimeError: )?Wait timeout$"
             # a client library's own exception for a connection it gave up waiting for (DroneKit's vehicle that
             # sent no heartbeat: ``dronekit.APIException: Timeout in initializing connection.``)
             r"|^(?:\w+\.)*\w*(?:Error|Exception): Timeout (?:in|while|during|when) (?:initializing|initialising|"
             r"establishing|waiting for|connecting)\b"
             r"|Couldn't communicate with backend after \d+ seconds|"
             + _exc("EndpointConnectionError", "ConnectionClosedError", "DistStoreError")),
)

#: Any program's plain words for a cause, where no rule knows the tool by name: read in the ``last`` tier, where
#: nothing else in the log says why, and outranked by whatever the structure reads in the same log (``classify``: an
#: errno, an HTTP status, an exception's kind say more). None fails an attempt that did its work.
PLAIN_WORDS: tuple[Rule, ...] = (
    # A program's own words that it could not open a file, with no errno or library word that says why (a C++
    # tool's ``what():  Could not open file: weights.bin``, a simulation code's input): after every rule that says
    # more (HDF5's lock, a checkpoint's damage, a permission), the file not being where it looked, as most of the
    # corpus's authors of such lines found.
    Rule("file_not_opened", CONFIG, "missing_file", fatal=False,
         log=r"\b(?:[Cc]ould not|[Cc]annot|[Cc]an't|[Uu]nable to|[Ff]ailed to) open (?:the )?(?:(?:input |data |config "
             r"|configuration |model |weights |parameter )?file\b"
             # ... or the path it could not open, said without the word (WPS's ``ERROR: Could not open
             # ./geo_em.d01.nc``, Godot's ``Failed to open res://addons/...so``): a file's path, with a folder and an
             # extension (not a device's, ``/dev/nvidia0``, which says there is no GPU)
             r"|['\"<]?(?:[a-z]+://|\.{1,2}/|/)(?:[\w.\-]+/)*[\w\-][\w.:\-]*\.[A-Za-z]\w{0,7}['\">]?\s*$)"),
    # Any program's plain words for a file or folder it did not find (``Error: file 'params.cfg' not found``,
    # ``ERROR: Input file does not exist: ...``, click's ``Path 'data.csv' does not exist.``, ``Cannot find input file
    # 'mesh.msh'``), and for an option it does not take (``error: unknown option '--epochs'``, ``ERROR: Invalid option:
    # --foo``, ``invalid value 'abc' for option --steps``, ``missing required argument``).
    Rule("file_not_found_said", CONFIG, "missing_file", fatal=False,
         log=r"\b(?:[Ff]ile|[Dd]irectory|[Ff]older|[Pp]ath)(?:(?: or directory)? ['\"`]?[^\s'\"`]{1,300}['\"`]? "
             r"(?:(?:was |is )?not found|(?:does not|doesn't|did not) exist)| (?:does not|doesn't) exist)\b"
             r"|\b(?:[Cc]ould not|[Cc]annot|[Cc]an't|[Uu]nable to) (?:find|locate) (?:the )?(?:input |data |config "
             r"|configuration |model |weights |parameter |output )?(?:file|directory|folder)\b|^No such file: \S"
             # a C tool's perror() of the path it was given (FFmpeg's ``clip.mp4: No such file or directory``)
             r"|^[\w./~\-]{1,300}: No such file or directory\s*$"
             # Windows' cmd.exe and its tools, in their own words (``The system cannot find the path specified.``)
             r"|^The system cannot find the (?:path|file) specified\.?\s*$"),
    Rule("option_refused_said", CONFIG, "bad_arguments", fatal=False,
         log=r"(?:^|: )(?:[Ee]rror: |ERROR: )?(?:[Uu]nknown|[Uu]nrecogni[sz]ed|[Ii]nvalid|[Ii]llegal) "
             r"(?:command[- ]line )?(?:option|argument|flag|parameter)s?:? ['\"`]?--?[A-Za-z][\w.-]*"
             r"|\binvalid value '[^'\n]{0,200}' for (?:option|argument|flag) ['\"`]?--?[A-Za-z]"
             r"|(?:^|: )(?:[Ee]rror: |ERROR: )?[Mm]issing required (?:argument|option|parameter|flag)s?\b"),
    # ... and for memory, disk space, a licence or a login it was refused, in words no rule above knows by the tool
    # (``ERROR: Not enough memory to allocate the grid``, ``ERROR: out of GPU memory``, ``insufficient disk space``,
    # FlexNet's ``License checkout failed``, MySQL's ``Access denied for user``).
    Rule("gpu_memory_short_said", CONFIG, "cuda_oom", fatal=False,
         log=r"\b(?:[Oo]ut of|[Nn]ot enough|[Ii]nsufficient) (?:GPU|device|VRAM|video) memory\b"),
    Rule("memory_short_said", CONFIG, "host_oom", fatal=False,
         log=r"\b(?:[Nn]ot enough|[Ii]nsufficient) (?:host |system |CPU |main |physical )?(?:memory|RAM)\b"),
    Rule("disk_short_said", CONFIG, "disk_full", fatal=False,
         log=r"\b(?:[Nn]ot enough|[Ii]nsufficient) (?:free )?(?:disk|storage) space\b|\b[Dd]isk (?:is )?full\b"),
    Rule("licence_refused_said", CONFIG, "missing_credentials", fatal=False,
         log=r"\b[Ll]icen[cs]e checkout failed\b|\bcould not (?:obtain|check out|get) a licen[cs]e\b"
             r"|\b[Nn]o valid licen[cs]e (?:found|available)\b|\bFlexNet Licensing error:-?\d+"
             r"|\b[Ll]icen[cs]e (?:has )?expired\b"),
    Rule("login_refused_said", CONFIG, "auth_error", fatal=False,
         log=r"\b(?:[Aa]uthentication|[Ll]ogin) failed for user\b|\bAccess denied for user '"),
    # ... and for a release, a Python or a machine the program was not built for (``requires Python >=3.9``, ``Python
    # 3.8 is not supported``, ``requires a newer version of CMake``, a GPU's compute capability or a CPU's AVX2 the
    # build needs), and Windows' refusal of a file or an operation (``Access is denied.``)
    Rule("release_unfit_said", CONFIG, "version_mismatch", fatal=False,
         log=r"\brequires Python ?(?:>=?|version |[0-9])|\bPython \d\.\d+ is not supported\b"
             r"|\brequires a newer version of\b|\bcompute capability \d+\.\d+\)? is not supported\b"
             r"|\b[Uu]nsupported (?:GPU|gpu) architecture\b|\brequires a CPU with (?:AVX|SSE|FMA)"
             r"|\b[Pp]lease (?:use|install|downgrade to|upgrade to) (?:version|release) v?\d+\.\d+"
             # pip's resolver warning, after an install it finished (it exits 0), that an installed package wants
             # another release of one it just replaced (``torchaudio 2.0.2 requires torch==2.0.1, but you have torch
             # 2.1.0 which is incompatible.``)
             r"|\brequires [\w.\-]+(?:\[[\w,\-]*\])?[<>=!~][^,\n]{0,100}, but you have [\w.\-]+ [\w.+!\-]+ which is "
             r"incompatible\b"),
    # A program's own words for an invariant it holds that broke (bcftools' ``This should not happen...``)
    Rule("invariant_broke_said", CODE, "programming_error", fatal=False,
         log=r"^[Tt]his should (?:not|never) happen\b"),
    # A tool's words that a program or package it needs is not installed (Kaldi's check_dependencies.sh: ``sox is not
    # installed.``), and that it could not parse what it was given (a model architecture file, a config, an
    # argument: the corpus's authors read these as the set-up's, rarely the program's).
    Rule("not_installed_said", CONFIG, "missing_module", fatal=False,
         # (said as the line's news, or after the tool's name: not inside a logger's warning, ``WARNING:nncf:Graphviz
         # is not installed - only the .dot format will be used``, which a program goes on from)
         log=r"^(?:[\w./\-]{1,100}: )?(?:[\w.+\-]{1,100} ){1,3}(?:is|are) not installed\b"),
    Rule("parse_failed_said", CONFIG, "bad_arguments", fatal=False,
         log=r"\b(?:[Ff]ailed (?:parsing|to parse)|[Uu]nable to parse|[Cc]ould not parse|[Cc]annot parse)\b"),
    Rule("access_refused_said", CONFIG, "permission_denied", fatal=False,
         log=r"^Access is denied\.\s*$|\bThe requested operation requires elevation\b"),
    # A program that printed its usage and stopped: docopt's ``Usage:`` block, a C tool's one ``Usage: tool [options]
    # <in>`` line, printed when the arguments it was given do not parse (not a count after the word: ``Usage: 45%``)
    Rule("usage_printed_said", CONFIG, "bad_arguments", fatal=False,
         log=r"^[ \t]{0,8}[Uu]sage:(?:[ \t]+[^\d\s].*)?$"),
    # Python's words for an attribute asked of None, quoted without the exception's name by a tool's own error report
    # (Meeko's ``Details:  'NoneType' object has no attribute 'parent'``)
    Rule("none_attribute_said", CODE, "attribute_error", fatal=False,
         log=r"'NoneType' object has no attribute '\w+'"),
)

LAST: tuple[Rule, ...] = (
    # The shell's own exit codes.
    # A batch skipped for want of device memory, in the words of the trainers that recover from it and go on (Boltz's;
    # fairseq's ``| WARNING: ran out of memory with exception: CUDA out of memory. ...;`` with its ``Skipping batch`` on
    # the next line, its later ``OOM: Ran out of memory with exception: ...``, ``attempting to recover from OOM``,
    # ``OOM in all workers, skipping update``; torch's message printed alone, with no exception's name before it, as
    # a handler prints ``str(e)``: YOLOv5's and Ultralytics' AutoBatch profiling batch sizes until one does not fit,
    # ``AutoBatch: CUDA out of memory. Tried to allocate``): the run goes on, so it is read last, and the line never
    # fails an attempt that did its work, though it also holds torch's words (run_rules.WENT_ON_RULE_NAMES); where the
    # attempt wrote nothing, it is why.
    Rule("oom_batch_skipped", CONFIG, "cuda_oom", fatal=False,
         log=r"WARNING: ran out of memory(?:,| with exception: )|\bOOM: Ran out of memory with exception: "
             r"|WARNING: attempting to recover from OOM\b|WARNING: OOM in all workers, skipping update"
             r"|^(?:AutoBatch: (?:WARNING \S* ?)?)?CUDA out of memory\. Tried to allocate "),
    # mmengine with no default scope to build from (the OpenMMLab package the config names was not imported: not
    # installed in this environment, or its registry never initialised): a warning, and the build that fails
    # after it says only that a type is not in a registry; read last, where nothing else says why.
    Rule("registry_scope_missing", CONFIG, "missing_module", fatal=False,
         log=r"Failed to import `None\.registry` make sure the registry\.py exists in `None` package"),
    *PLAIN_WORDS,
    Rule("exit_127", CONFIG, "command_not_found", exit_code=127),
    # make's or SCons' summary of a recipe whose command the shell did not find (127), where make itself exits 2
    Rule("recipe_command_not_found", CONFIG, "command_not_found",
         log=_RECIPE_FAILED + r"Error 127$"),
    # Any other refusal sbatch prints (a site's submit plugin's own words: ``*** Error: CPU job setup is not
    # valid``): the job was not submitted. Last, because sbatch's specific errors are read above.
    # (also as a workflow tool quotes the output of the sbatch it ran: ``err.output='sbatch: error: ...\\n'``, or its
    # bytes: ``b'sbatch: error: ...'``)
    # Slurm's controller too busy to take a job now (sbatch's own "sleeping and retrying", or its EAGAIN: the
    # controller's job count at its limit): a later submission gets in; before sbatch_refused, which reads the rest of
    # sbatch's errors as a refusal.
    Rule("scheduler_busy", TRANSIENT, "rate_limited",
         log=r"\bSlurm temporarily unable to accept job\b"
             r"|\bBatch job submission failed: Resource temporarily unavailable\b"),
    Rule("sbatch_refused", CONFIG, "submit_rejected", log=r"(?:^|Error: |['\"])sbatch: error: "),
    # A TFRecord file cut short (a download or a copy that stopped): the data's, which no retry reads further; last,
    # because a storage connection lost under the reader (``Unable to connect to endpoint``) cuts records too.
    Rule("tfrecord_truncated", CONFIG, "corrupt_data", log=r"\btruncated record at \d+"),
    Rule("exit_126", CONFIG, "not_executable", exit_code=126),
    # pip found no such requirement; after the network tier, because an offline pip says the same words.
    # ... and a release pinned that this Python or platform has none of, while others are there (``jaxlib==0.3.14
    # (from versions: 0.4.6, ...)``): the versions. ("from versions: none" is no release at all, or no index.)
    Rule("pip_no_version", CONFIG, "version_mismatch",
         log=r"Could not find a version that satisfies the requirement [\w.\-]+(?:\[[\w,\-]*\])? ?(?:==|~=|<|>)"
             # (the requirements file's line it came from may stand between: ``(from -r requirements.txt (line 2))``)
             r"[^()]*(?:\(from -r [^()]*\(line \d+\)\) )?\(from versions: \d"
             # ... or pip's own word that the releases it found are for other Pythons (above its "No matching
             # distribution found")
             r"|^ERROR: Ignored the following versions that require a different python version: "),
    Rule("pip_no_distribution", CONFIG, "bad_arguments", log=r"No matching distribution found for \S+"),
    # Node.js unable to load a native addon (a ``.node`` file built for another Node, Electron or OS release; Windows'
    # ``The specified procedure could not be found``): late, so a library the loader did not find at all is named first
    Rule("native_addon_unloadable", CONFIG, "version_mismatch",
         log=r"^\s{0,8}code: 'ERR_DLOPEN_FAILED',?\s*$"
             r"|^(?:\w{0,40}Error: )?The specified procedure could not be found\."),
    # conda's solver: a package no channel has (a name, a channel missing); exact builds no channel has for this
    # platform (an environment file exported on another OS, with its build strings: every author of these words
    # accepts the releases' mismatch), or pins no set of packages satisfies together
    # a package that compiles its Cython extension when imported (mujoco_py) under a Cython its code does not fit;
    # last, because a missing header or library it names is read above
    Rule("cython_build_failed", CONFIG, "version_mismatch", log=r"^Error compiling Cython file:$"),
    Rule("conda_unresolved", CONFIG, "bad_arguments",
         log=r"PackagesNotFoundError: The following packages are not available from current channels"),
    Rule("conda_unsatisfiable", CONFIG, "version_mismatch",
         log=r"\b(?:LibMamba)?UnsatisfiableError: |The following specifications were found\s*$"
             r"|^\s*(?:\w+\.)*ResolvePackageNotFound: ?$"
             # npm's resolver: packages whose peer dependencies ask for releases of each other that do not fit
             r"|^npm ERR! ERESOLVE unable to resolve dependency tree\b|^npm (?:ERR!|error) code ERESOLVE\b"),
    # a cloud's CLI refusing the job's spec before anything runs: Azure ML v2's schema check, a Google API's field it
    # does not know (gcloud's INVALID_ARGUMENT), in the words the service sends back
    Rule("cloud_spec_refused", CONFIG, "bad_arguments",
         log=r"^Validation for \w+Schema failed:|Invalid JSON payload received\. Unknown name \\?\""
             r"|^ERROR: \(gcloud\.[\w.-]+\) INVALID_ARGUMENT: "),
    # Azure ML's own verdict on a request it refused: the user's to fix (an input path, a name, a compute that is not
    # there), as against its ``SystemError``. It names no cause: specific words are read above, and an errno or an
    # exception the structure reads in the same log says more (classify._VERDICT_OUTRANKS).
    Rule("cloud_user_error", CONFIG, "bad_arguments",
         log=r"^(?:ERROR: )?(?:\w+\.)*UserErrorException:|\"[Cc]ode\": ?\"UserError\""),
    # pyxis could not start the job's container (an image path it took for a registry's, a bad image): the
    # set-up of the step; last, because enroot's own line, when there is one, says which.
    Rule("pyxis_container", CONFIG, "bad_arguments",
         log=r"pyxis: couldn't start container|spank_pyxis\.so: task_init\(\) failed"),
    # docker's daemon or podman refused to create or start the container (a device, mount, runtime or option the
    # host cannot give it): the run's set-up, every time; last, because its specific words (a registry's 5xx or
    # rate limit, a full disk, the GPU toolkit's refusal, a port taken) are read above. podman's bare ``Error:``
    # counts only with 125, its and docker run's code for a container that never started.
    # docker's image store broken on the host it runs on (a layer the image lists is gone): the host's, and a try on
    # another host, or after the image is pulled again, gets past it (a rented GPU's daemon)
    Rule("image_store_broken", TRANSIENT, "boot_failure",
         log=r"\bError response from daemon: (?:layer does not exist"
             r"|failed to register layer: open \S+: no such file)"),
    Rule("container_refused", CONFIG, "bad_arguments", log=r"\bError response from daemon: "
         # Apptainer's GPU set-up through nvidia-container-cli, which a setuid install does not allow
         r"|\bnvidia-container-cli not allowed in setuid mode\b"
         # runc refusing the pod's or container's spec as Kubernetes and Argo report it (a mount over a file)
         r"|\bOCI runtime create failed: .*: not a directory: unknown\b"
         # the kubelet unable to build a container's environment: a key its spec reads from a ConfigMap or a Secret
         # that is not there (an operator's keys of another release, a typo)
         r"|\bError: couldn't find key \S+ in (?:ConfigMap|Secret) \S"),
    Rule("podman_refused", CONFIG, "bad_arguments", log=r"^Error: \S", exit_code=125),
    # A compiler refusing a flag the build gave it (nvcc's flags handed to g++ where a build called the host compiler
    # directly; a flag an older compiler does not know): the build's set-up, after the rules that read a release
    # that does not fit in the same words
    Rule("compiler_flag_refused", CONFIG, "bad_arguments",
         log=_COMPILER + r": error: (?:unrecognized command[- ]line option '|unknown argument: ')"
             r"|^nvcc fatal +: Unknown option '"),
    # A simulation code's own check of the options it was given, in its words: SU2's config file (an option an older
    # or newer release names otherwise), DualSPHysics' command line
    Rule("solver_option_refused", CONFIG, "bad_arguments",
         log=r": invalid option (?:name|value \S+)\. Check current SU2 options in config_template\.cfg"
             r"|\b[Pp]arameter \"[^\"\n]{1,200}\" (?:unrecognised|unrecognized) or invalid\b"),
    # docker compose refusing the compose file (its schema); a GPU reservation (``deploy.resources.reservations
    # .devices``, compose 1.28 and later) refused by an older compose is its release's (release_skew)
    Rule("compose_file_invalid", CONFIG, "bad_arguments",
         log=r"\bThe Compose file '[^']*' is invalid because:|^validating \S+: \S+ Additional property \w+ is not"
             # (a variable in it that an older compose cannot expand: ``${no_proxy:-}`` under compose 1.25)
             r"|\bInvalid interpolation format for \"[^\"\n]+\" option in service \""
             # an agent's recipe or a tool's config file refused as a whole by its own check (goose's recipes)
             r"|\b(?:recipe|config|configuration) file is invalid: "),
    # A shell variable the launch needs: a remote shell refused to re-export a read-only one (colossalai's ssh
    # launch), or a script under ``set -u`` met one nobody set (``run.sh: line 126: cuda_cmd: unbound variable``, a
    # recipe's cmd.sh replaced; zsh's and dash's ``parameter not set``), so the command never ran; last, because a
    # job that did run prints what ended it.
    Rule("shell_variable", CONFIG, "bad_arguments",
         log=r": readonly variable$|: \$?[\w@*#\[\]-]{1,100}: unbound variable\s*$"
             r"|^\S+:(?: \d+:|\d+:) [\w@*#\[\]-]{1,100}: parameter not set$"),
    # A script's shell asked to run (or write to) a folder: a variable that held the command expanded to nothing and
    # its first argument, a data folder, became the command (Kaldi's ``$train_cmd``); last, as the one above.
    Rule("shell_directory", CONFIG, "bad_arguments", log=r"^\S+: line \d+: [^\s:]+: Is a directory$"),
    # transformers found neither the hub's files nor a local copy: missing, with no retry to bring them (a mirror, a
    # download by hand or a network route does); last, because a connection failure in the log (``We couldn't
    # connect to 'https://huggingface.co'``, a retried request) is then why, and a retry may pass.
    Rule("hf_cannot_load", CONFIG, "missing_file",
         log=r"Can't load (?:tokenizer|config|weights|feature extractor|image processor|processor) for '[^']*'\. "
             r"(?:If you were trying to load it from|Make sure that:)"
             r"|Can't load the (?:configuration|model) (?:of|for) '[^']*'\. If you were trying to load it from"
             # LLaMA-Factory's multimodal plugin finding no processor files in the model's folder
             r"|\bProcessor was not found, please check and update your model file\b"),
    # A launcher says a rank aborted; a watchdog's abort is its timeout, so any transient line said more.
    Rule("launcher_sigabrt", UNKNOWN, "signal_sigabrt", log=_launcher(6, "SIGABRT", "Aborted")),
)

#: Rules of another class than their tier's, set just ahead of a broad rule of the tier that would take their
#: words: a ResourceExhaustedError that is no exhaustion, a Lightning misconfiguration that is the module's code,
#: a checksum that is Google Drive's quota page, a Kubernetes pod's name
#: not resolvable yet (before the launch set-up's unresolvable host spec), a port accelerate found taken (before
#: bad_arguments' exception that names a flag to pass), an allocation of a million GiB that is a wrapped size, not
#: the device's memory (before cuda_oom), comet_ml's ImportError over an import order (before missing_module), W&B's
#: client error carrying the service's refusal of the request (before connection_error's CommError), MPICH unable to
#: resolve a node's name (before launch_setup's failed MPI start-up), a scheduler's refusal of a job a driver
#: submitted before someone stopped the driver (before the stops' SIGTERM and SIGINT), a wait on a JIT extension's
#: stale build lock that someone then stopped (before the stops' KeyboardInterrupt and SIGINT), spawned workers that
#: could not unpickle a class of the main script before someone stopped the hung parent (the same), an archive's
#: member asked for by a key joined with Windows' separator (before corrupt_data's missing member), an OpenMMLab
#: registry's class refusing a key of the config (before type_error), a kernel's dispatch over its index tensor given
#: floats, the program's targets (before kernel_dtype_missing's precision the device lacks), Python's words for a
#: call that does not fit, logged by a wrapper without ``TypeError:`` (after type_error, which takes them with the
#: name; before the tier's other code rules). Each names its look-alike; tests/test_rulebook.py checks the list.
GUARDS = frozenset({"message_too_large", "lightning_module_incomplete", "drive_quota",
                    "pod_dns_not_ready", "accelerate_port", "answer_without_length", "wrapped_allocation",
                    "import_order", "service_refused_request", "mpi_host_unresolved",
                    "submit_refused_then_stopped", "extension_lock_wait",
                    "spawned_class_missing", "archive_key_separator", "registry_config_key",
                    "index_kernel_given_floats", "wrapped_call_signature"})

#: What a launcher puts before each line of a rank or a worker: torchrun's ``[rank3]: `` and ``[default3]:``
#: (``--tee``), mpirun's ``--tag-output`` ``[1,3]<stderr>:``, Ray's ``(RayTrainWorker pid=1234, ip=10.0.0.1) ``,
#: torchx's role and replica (``trainer/0 [default6]:``), SkyPilot's node (``(worker1, rank=1, pid=2409,
#: ip=10.0.0.5) ``); one after another too (``trainer/0 [default6]:[rank6]: ``).
#: A built-in rule that reads a line from its start reads it after one of these too (``_after_launcher``), so that
#: ``sbatch: error: ...`` or ``ERROR: Could not find a version`` printed by a rank is read as the same words.
#: srun's ``--label`` (``0: ``) and pdsh's ``node-1: `` are not among them: a program's ``epoch1: loss`` reads alike;
#: the rules that need them say so (``_PFX``).
_LAUNCHED = (r"(?:\[(?:rank|default|local_rank|worker)?\d+(?:,(?:mpirank:)?\d+(?:,[\w.\-]+)?\]<std(?:out|err)>|\]):? ?"
             r"|\((?:\w[\w.]*,? )?(?:rank=\d+, )?pid=\d+(?:, ip=[^)]*)?\) "
             r"|\((?:raylet|gcs_server|dashboard_agent|runtime_env_agent)(?:, ip=[^)]*)?\) "
             r"|[\w\-]+/\d+ \[(?:rank|default)?\d+\]:? ?)*")


#: What may hold a ``^`` that is no anchor, an escape (``\\^``) or a class (``[^...]``, ``[]^]``); and a ``^``.
_ANCHOR_SCAN = re.compile(r"\\.|\[\^?\]?(?:\\.|[^\]\\])*\]|\^", re.S)


def _after_launcher(log: str) -> str:
    """``log`` with a launcher's optional prefix (``_LAUNCHED``) after each ``^`` that anchors at a line's start
    (not one escaped, nor one that negates a character class)."""
    return _ANCHOR_SCAN.sub(lambda m: "^" + _LAUNCHED if m.group() == "^" else m.group(), log)


def _launched(rules: tuple[Rule, ...]) -> tuple[Rule, ...]:
    return tuple(replace(r, log=_after_launcher(r.log)) if r.log and "^" in r.log else r for r in rules)


#: The tiers in the order they are tried (the module docstring says why).
TIERS: tuple[tuple[str, tuple[Rule, ...]], ...] = tuple((name, _launched(tier)) for name, tier in (
    ("scheduler", SCHEDULER), ("hardware", HARDWARE), ("exhausted", EXHAUSTED), ("stopped", STOPPED),
    ("setup", SETUP), ("bug", BUGS), ("crashed", CRASHED), ("hung", HUNG), ("network", NETWORK), ("last", LAST),
))

BUILTIN_RULES: tuple[Rule, ...] = tuple(rule for _, tier in TIERS for rule in tier)
